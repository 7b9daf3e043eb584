import type { Contact, ContactPatch } from '@mde/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../lib/api-client';
import { sessionKeys } from './user-context';

export const contactQuery = () =>
  queryOptions({
    queryKey: [...sessionKeys.all, 'contact'] as const,
    queryFn: ({ signal }) => apiFetch<Contact>('/v1/security/user/contact', { signal }),
  });

export const patchContact = (changes: ContactPatch) =>
  apiFetch<Contact>('/v1/security/user/contact', { method: 'PATCH', body: changes });

/** docs/spec.md §7: only the changes are sent. */
export function contactChanges(before: Record<string, string>, after: Record<string, string>): ContactPatch {
  const changes: ContactPatch = {};
  for (const [k, v] of Object.entries(after)) if ((before[k] ?? '') !== v) changes[k] = v;
  return changes;
}
