import { useQuery } from '@tanstack/react-query';
import { userContextQuery } from '../../../session/user-context';

/** The session's context (user, firma, vkforg): whose locations and whose outbox. */
export const useStorageContext = () => useQuery(userContextQuery()).data;
