import { type Assignment, CHANGE_KEY_HEADER, type LocationProduct } from '@mde/contracts';
import { apiFetch } from '../../../lib/api-client';
import type { StorageChange } from '../offline/outbox-db';
import { storageEndpoints } from './endpoints';

/** Sends one waiting change under its change key; answers the server's row (null after a removal). */
export async function sendChange(change: StorageChange): Promise<Assignment | null> {
  const headers = { [CHANGE_KEY_HEADER]: change.key };
  const { locationId } = change;
  const articleId = change.article.articleId;
  if (change.kind === 'assign') {
    return apiFetch<Assignment>(storageEndpoints.assignments(locationId), {
      method: 'POST',
      headers,
      body: { articleId, ...change.values },
    });
  }
  if (change.kind === 'update') {
    return apiFetch<Assignment>(storageEndpoints.assignment(locationId, articleId), {
      method: 'PUT',
      headers,
      body: { ...change.values, version: change.baseVersion },
    });
  }
  await apiFetch<void>(storageEndpoints.removal(locationId, articleId, change.baseVersion), {
    method: 'DELETE',
    headers,
  });
  return null;
}

/** The server's current row of a pair, for the conflict dialog. */
export async function fetchServerAssignment(locationId: number, articleId: number): Promise<Assignment | null> {
  const answer = await apiFetch<LocationProduct>(storageEndpoints.assignment(locationId, articleId));
  return answer.assignment;
}
