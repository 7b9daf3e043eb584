import { useQuery } from '@tanstack/react-query';
import { userContextQuery } from '../../../lib/session/user-context';

/** The session's vkforg: every cached answer and every query key is scoped to it (issue 4 point 4). */
export function useVkforgId(): number | null {
  return useQuery(userContextQuery()).data?.vkforgid ?? null;
}
