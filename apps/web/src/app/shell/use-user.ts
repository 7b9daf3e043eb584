import type { UserContext } from '@mde/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { userContextQuery } from '../../session/user-context';

/**
 * The logged-in user's context inside the authenticated layout: its loader has put it in the query cache before
 * the layout draws. Read from the cache, not from the router's loader data, which would draw the frame again on
 * every navigation (a scan opening its entry); a logout that clears the cache keeps the last one until the
 * login screen replaces the frame.
 */
export function useUser(): UserContext {
  const { data } = useQuery(userContextQuery());
  const last = useRef(data);
  if (data) last.current = data;
  return last.current as UserContext;
}
