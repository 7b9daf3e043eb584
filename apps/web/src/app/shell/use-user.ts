import type { UserContext } from '@mde/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRouteLoaderData } from 'react-router';
import { userContextQuery } from '../../session/user-context';

/** The logged-in user's context inside the authenticated layout (its loader guarantees one). */
export function useUser(): UserContext {
  const initial = useRouteLoaderData('app') as UserContext;
  const { data } = useQuery({ ...userContextQuery(), initialData: initial });
  return data;
}
