import {
  type CaptureModule,
  captureModuleFromLegacyKey,
  DELIVERY_NOTE_MSG,
  deliveryNoteRoute,
  MODULES,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import * as repo from './notifications.repository';
import { pushAddressedPerUser } from './push-addressing';

export interface NotificationInput {
  title: string;
  text: string;
  /** The app route a tap opens (docs/spec.md §2: the push's data field `route`). */
  route: string;
  /**
   * The user saw it happen on screen: stored as read (listed under 'Alle', not counted by the bell), with no
   * push and no toast, so it does not bury the notifications that tell something new.
   */
  seen?: boolean;
}

const LIMITS = { title: 120, text: 500, route: 300 } as const;
const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/**
 * The one way other modules tell a user something: stores the notification and queues its push, in the
 * caller's transaction (nothing is announced for work that was rolled back). Entries older than the
 * retention period go at the same time.
 */
export async function notify(db: Db, userId: number, input: NotificationInput): Promise<number> {
  const route = input.route.startsWith('/') && !input.route.startsWith('//') ? input.route : '/';
  const id = await repo.insertNotification(db, userId, {
    title: clip(input.title, LIMITS.title),
    text: clip(input.text, LIMITS.text),
    route: clip(route, LIMITS.route),
    read: input.seen === true,
  });
  if (input.seen) {
    await repo.deleteExpired(db, userId);
    return id;
  }
  await repo.announceNotification(db, userId, id);
  const queued = pushAddressedPerUser()
    ? await repo.queuePushForUser(db, id)
    : await repo.queuePushPerSubscription(db, userId, id);
  if (queued > 0) await repo.announcePushJobs(db);
  await repo.deleteExpired(db, userId);
  return id;
}

/** A capture module's title and its screen (docs/spec.md §2 route); capture modules are keyed by their glossary name. */
const moduleOf = (module: string) => MODULES.find((m) => m.name === module);
const moduleRoute = (module: string) => {
  const found = moduleOf(module);
  return found ? `/${found.route}` : '/';
};

/**
 * An export of the user's capture was stored as a document; the capture list shows its documents. One the
 * user saw succeed on screen (sent at once) is stored as read; one that waited on the device is news.
 */
export const notifyDocumentStored = (
  db: Db,
  userId: number,
  document: { module: CaptureModule; number: string },
  seen: boolean,
) =>
  notify(db, userId, {
    title: 'Beleg gespeichert',
    text: `${moduleOf(document.module)?.title ?? document.module}: Beleg ${document.number} wurde gespeichert.`,
    route: moduleRoute(document.module),
    seen,
  });

interface SetAsideChange {
  seq: number;
  module: string;
}
interface SyncAnswer {
  seq: number;
  status: string;
  reason?: string;
}

// A large sync is applied in many steps; its refusals are told once, not once per step.
const SET_ASIDE_QUIET_MINUTES = 10;
const SET_ASIDE_TITLE = 'Nicht übertragbar';

/**
 * The sync set changes aside (refused, listed under 'Nicht übertragbar' on the device): one notification,
 * leading to the capture list of the first one, where they can be fixed or deleted. While such a
 * notification is still unread and recent, later refusals add no new one.
 */
export async function notifyChangesSetAside(
  db: Db,
  userId: number,
  changes: readonly { change: SetAsideChange }[],
  answers: readonly SyncAnswer[],
): Promise<void> {
  const refused = answers.filter((a) => a.status === 'rejected');
  const first = refused[0];
  if (!first) return;
  if (await repo.hasRecentUnread(db, userId, SET_ASIDE_TITLE, SET_ASIDE_QUIET_MINUTES)) return;
  const module = captureModuleFromLegacyKey(changes.find((c) => c.change.seq === first.seq)?.change.module ?? '');
  const count = refused.length === 1 ? 'Eine Änderung ist' : `${refused.length} Änderungen sind`;
  await notify(db, userId, {
    title: SET_ASIDE_TITLE,
    text: `${count} nicht übertragbar${first.reason ? `: ${first.reason}` : ''}`,
    route: module ? moduleRoute(module) : '/',
  });
}

/** A booking met a blocked gift card: the user learns it also after leaving the screen. */
export const notifyGiftCardBlocked = (db: Db, userId: number, card: { type: string; code: string }) =>
  notify(db, userId, {
    title: 'Gutscheinkarte gesperrt',
    text: `Die Gutscheinkarte ${card.code} (${card.type}) ist gesperrt; die Buchung wurde nicht ausgeführt.`,
    route: '/gutscheinkarten',
  });

/** A delivery note arrived for the user's vkforg; a tap opens it in Lieferscheine. */
export const notifyDeliveryNoteArrived = (
  db: Db,
  userId: number,
  note: { id: number; number: string; supplierName: string },
) =>
  notify(db, userId, {
    title: DELIVERY_NOTE_MSG.arrivedTitle,
    text: DELIVERY_NOTE_MSG.arrivedText(note.supplierName, note.number),
    route: deliveryNoteRoute(note.id),
  });

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
/** 'YYYY-MM-DD' as dd.MM.yy (docs/spec.md §1 date format). */
const shownDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;

/** The store day is closed: its gift-card sums, leading to the daily balance of that day. */
export const notifyDailyBalanceReady = (
  db: Db,
  userId: number,
  day: { date: string; charged: number; redeemed: number; net: number; transactions: readonly unknown[] },
) =>
  notify(db, userId, {
    title: `Tagesabschluss Gutscheinkarten ${shownDay(day.date)}`,
    text: `${day.transactions.length === 1 ? '1 Buchung' : `${day.transactions.length} Buchungen`}: aufgeladen ${euro.format(
      day.charged / 100,
    )}, eingelöst ${euro.format(day.redeemed / 100)}, Saldo ${euro.format(day.net / 100)}.`,
    route: `/gutscheinkarten/daily-balance?date=${day.date}`,
  });
