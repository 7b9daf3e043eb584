import { useQuery } from '@tanstack/react-query';
import { userContextQuery } from '../../../session/user-context';

/** The session's vkforg: every cached answer and every query key is scoped to it (offline article cache). */
export function useVkforgId(): number | null {
  return useQuery(userContextQuery()).data?.vkforgid ?? null;
}
