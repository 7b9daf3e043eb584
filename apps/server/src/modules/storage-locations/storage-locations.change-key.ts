import { createHash } from 'node:crypto';
import { STORAGE_MSG } from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import * as repo from './storage-locations.repository';

export interface ChangeOutcome<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** How long a change key is remembered; the table stays small without a background job. */
const CHANGE_KEY_DAYS = 30;

export const changeHash = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/**
 * Runs one change in a transaction, once per change key (ARCHITECTURE.md: a retry returns the first answer
 * and changes nothing). The key row is written in the change's own transaction, so a refused change leaves
 * no key behind and a retry is judged again. Without a key the change simply runs.
 */
export async function applyOnce<T>(
  db: Db,
  key: repo.ChangeKey | undefined,
  hash: string,
  status: number,
  run: (trx: Db) => Promise<T>,
): Promise<ChangeOutcome<T>> {
  return db.transaction().execute(async (trx) => {
    if (key && !(await repo.claimChangeKey(trx, key, hash))) {
      const first = await repo.findChangeKey(trx, key);
      if (!first || first.request_hash !== hash) throw new AppError(422, 'CHANGE_KEY_REUSED', STORAGE_MSG.keyReused);
      return { status: first.status, body: first.response as T, replayed: true };
    }
    const body = await run(trx);
    if (key) {
      await repo.completeChangeKey(trx, key, status, body);
      await repo.pruneChangeKeys(trx, key, CHANGE_KEY_DAYS);
    }
    return { status, body, replayed: false };
  });
}
