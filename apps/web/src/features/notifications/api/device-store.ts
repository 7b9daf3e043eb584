import type { NotificationFilter, NotificationPage } from '@mde/contracts';
import { readDeviceCopy, writeDeviceCopy } from '../../../offline/device-copies';
import { loadOfflineDb } from '../../../offline/lazy-db';
import type { PendingMark } from '../model/pending-marks';

// The last list the user saw and the marks not yet confirmed, kept on the device per user, so the page and
// the badge work offline and marks made offline reach the server later.
const listKey = (filter: NotificationFilter) => `notifications:list:${filter}`;
const MARKS_KEY = 'notifications:pending-marks';

async function copies() {
  try {
    return (await loadOfflineDb()).db.deviceCopies;
  } catch {
    // No usable browser database (private mode): nothing is kept, the server alone answers.
    return null;
  }
}

export async function readKeptPage(owner: number, filter: NotificationFilter) {
  const table = await copies();
  return table ? readDeviceCopy<NotificationPage>(table, owner, listKey(filter)).catch(() => undefined) : undefined;
}

export async function keepPage(owner: number, filter: NotificationFilter, page: NotificationPage) {
  const table = await copies();
  if (table) await writeDeviceCopy(table, owner, listKey(filter), page).catch(() => undefined);
}

export async function readMarks(owner: number): Promise<PendingMark[]> {
  const table = await copies();
  if (!table) return memoryMarks.get(owner) ?? [];
  return (await readDeviceCopy<PendingMark[]>(table, owner, MARKS_KEY).catch(() => undefined)) ?? [];
}

// Without a browser database the marks live as long as the page.
const memoryMarks = new Map<number, PendingMark[]>();

// One change of the marks at a time in this tab: each reads the list the previous one wrote.
let queue: Promise<unknown> = Promise.resolve();

/** Changes the kept marks in turn with every other change of this tab; answers the new list. */
export function updateMarks(owner: number, change: (marks: PendingMark[]) => PendingMark[]): Promise<PendingMark[]> {
  const next = queue.then(async () => {
    const marks = change(await readMarks(owner));
    const table = await copies();
    if (table) await writeDeviceCopy(table, owner, MARKS_KEY, marks);
    else memoryMarks.set(owner, marks);
    return marks;
  });
  queue = next.catch(() => undefined);
  return next;
}
