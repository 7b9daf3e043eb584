import type { DeliveryNoteDetail } from '@mde/contracts';
import { ApiError } from '../../../lib/api-client';
import { isOffline } from '../../../lib/online';
import { classifyFailure, retryDelayMs } from '../../../offline/change-outbox/sync-outcome';
import type { Owner } from './outbox';
import { type NoteChange, type NoteOutboxDatabase, noteOutboxDb } from './outbox-db';

export interface NoteSyncDeps {
  send: (change: NoteChange) => Promise<DeliveryNoteDetail>;
  db?: NoteOutboxDatabase;
  now?: () => number;
  /** Before the change leaves the outbox: the screen takes the server's note first, so no count shows twice. */
  onApplied?: (change: NoteChange, note: DeliveryNoteDetail) => void | Promise<void>;
}

export interface NoteSyncReport {
  sent: number;
  /** What was set aside, for the user: the note's number and the server's reason. */
  setAside: { noteNumber: string; kind: NoteChange['kind']; code: string; reason: string }[];
  /** Epoch ms of the next retry, when one waits. */
  retryAt: number | null;
  /** The notes as the server had them after the changes sent, for the device's copy. */
  applied: DeliveryNoteDetail[];
}

/**
 * Sends the owner's waiting changes in the order they were made. A change leaves the outbox only when the
 * server answered it: applied, or refused for good (set aside with the server's reason: a note booked
 * meanwhile, an unknown article). No answer backs off and stops the run, so the order holds. The change key
 * makes a change sent twice (a lost answer, a second tab) count once.
 */
export async function syncNoteOutbox(owner: Owner, deps: NoteSyncDeps): Promise<NoteSyncReport> {
  const db = deps.db ?? noteOutboxDb;
  const now = deps.now ?? Date.now;
  const report: NoteSyncReport = { sent: 0, setAside: [], retryAt: null, applied: [] };
  if (isOffline()) return report;
  const changes = await db.changes.where('[owner+scope]').equals([owner.userId, owner.scope]).sortBy('id');
  for (const change of changes) {
    if (change.nextAttemptAt > now()) {
      report.retryAt = change.nextAttemptAt;
      break;
    }
    let answer: DeliveryNoteDetail;
    try {
      answer = await deps.send(change);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const outcome = classifyFailure(error);
      if (outcome.kind !== 'set-aside') {
        const attempts = change.attempts + 1;
        const at = now() + retryDelayMs(attempts);
        await db.changes.update(change.id ?? 0, { attempts, nextAttemptAt: at });
        report.retryAt = at;
        break;
      }
      await db.transaction('rw', db.changes, db.setAside, async () => {
        await db.setAside.add({
          owner: change.owner,
          scope: change.scope,
          change,
          reason: outcome.reason,
          code: error.code,
          at: new Date(now()).toISOString(),
        });
        await db.changes.delete(change.id ?? 0);
      });
      report.setAside.push({
        noteNumber: change.noteNumber,
        kind: change.kind,
        code: error.code,
        reason: outcome.reason,
      });
      continue;
    }
    await deps.onApplied?.(change, answer);
    await db.changes.delete(change.id ?? 0);
    report.sent++;
    report.applied.push(answer);
  }
  return report;
}
