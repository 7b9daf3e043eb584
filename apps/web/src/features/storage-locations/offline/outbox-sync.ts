import type { Assignment } from '@mde/contracts';
import { ApiError } from '../../../lib/api-client';
import { isOffline } from '../../../lib/online';
import { classifyFailure, retryDelayMs } from '../../../offline/change-outbox/sync-outcome';
import type { Owner } from './outbox';
import { type StorageChange, type StorageOutboxDatabase, storageOutboxDb } from './outbox-db';

export interface SyncDeps {
  send: (change: StorageChange) => Promise<Assignment | null>;
  fetchServer: (locationId: number, articleId: number) => Promise<Assignment | null>;
  db?: StorageOutboxDatabase;
  now?: () => number;
  /** Before the change leaves the outbox: screens take the server's row first, so nothing flickers back. */
  onApplied?: (change: StorageChange, row: Assignment | null) => void | Promise<void>;
}

export interface SyncReport {
  sent: number;
  setAside: string[];
  conflicts: number;
  /** Epoch ms of the next retry, when one waits. */
  retryAt: number | null;
  /** The server's rows after the changes sent (null: removed), for the device's copy. */
  applied: { locationId: number; articleId: number; row: Assignment | null }[];
}

// The server saying someone changed the assignment in between (or assigned it first) asks the user.
const CONFLICT_CODES = ['VERSION_CONFLICT', 'ALREADY_ASSIGNED'];

const pairOf = (c: StorageChange) => `${c.locationId}:${c.article.articleId}`;

/**
 * Sends the owner's waiting changes in the order they were made. A change leaves the outbox only when the
 * server answered it: done, or refused for good (set aside with the server's reason). No answer backs off and
 * stops the run, so the order holds; a conflict holds back the later changes of the same assignment until
 * the user has chosen. The change key makes a change sent twice (a lost answer, a second tab) count once.
 */
export async function syncOutbox(owner: Owner, deps: SyncDeps): Promise<SyncReport> {
  const db = deps.db ?? storageOutboxDb;
  const now = deps.now ?? Date.now;
  const report: SyncReport = { sent: 0, setAside: [], conflicts: 0, retryAt: null, applied: [] };
  if (isOffline()) return report;
  const changes = await db.changes.where('[owner+scope]').equals([owner.userId, owner.scope]).sortBy('id');
  const held = new Set<string>();
  for (const listed of changes) {
    // Read again: an earlier change of the same row may have moved its base version meanwhile.
    const change = await db.changes.get(listed.id ?? 0);
    if (!change) continue;
    const pair = pairOf(change);
    if (change.conflict || held.has(pair)) {
      held.add(pair);
      if (change.conflict) report.conflicts++;
      continue;
    }
    if (change.nextAttemptAt > now()) {
      report.retryAt = change.nextAttemptAt;
      break;
    }
    let answer: Assignment | null;
    try {
      answer = await deps.send(change);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const outcome = classifyFailure(error, CONFLICT_CODES);
      if (outcome.kind === 'retry') {
        const attempts = change.attempts + 1;
        const at = now() + retryDelayMs(attempts);
        await db.changes.update(change.id ?? 0, { attempts, nextAttemptAt: at });
        report.retryAt = at;
        break;
      }
      if (outcome.kind === 'conflict') {
        const server = await deps.fetchServer(change.locationId, change.article.articleId).catch(() => undefined);
        if (server === undefined) {
          report.retryAt = now() + retryDelayMs(change.attempts + 1);
          break;
        }
        await db.changes.update(change.id ?? 0, { conflict: { server } });
        held.add(pair);
        report.conflicts++;
        continue;
      }
      await db.transaction('rw', db.changes, db.setAside, async () => {
        await db.setAside.add({
          owner: change.owner,
          change,
          reason: outcome.reason,
          at: new Date(now()).toISOString(),
        });
        await db.changes.delete(change.id ?? 0);
      });
      report.setAside.push(outcome.reason);
      continue;
    }
    await deps.onApplied?.(change, answer);
    await db.transaction('rw', db.changes, async () => {
      await db.changes.delete(change.id ?? 0);
      // Later edits of the same row were made on top of this one: they follow its new version.
      const newVersion = answer?.version ?? 0;
      await db.changes
        .where('[owner+scope]')
        .equals([owner.userId, owner.scope])
        .filter((c) => pairOf(c) === pair && c.baseVersion === change.baseVersion && c.id !== change.id)
        .modify({ baseVersion: newVersion });
    });
    report.sent++;
    report.applied.push({ locationId: change.locationId, articleId: change.article.articleId, row: answer });
  }
  return report;
}
