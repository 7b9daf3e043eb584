import { EVENTS_MSG } from '@mde/contracts';
import { badRequest } from '../../lib/app-error';

/** A place in the feed: after the event `id` of transaction `xact`. Opaque to readers (base64url). */
export interface FeedPosition {
  xact: number;
  id: number;
}

export const START: FeedPosition = { xact: 0, id: 0 };

export const encodeCursor = (p: FeedPosition) => Buffer.from(`v1:${p.xact}:${p.id}`).toString('base64url');

export function decodeCursor(cursor: string | undefined): FeedPosition {
  if (cursor === undefined || cursor === '') return START;
  const match = /^v1:(\d{1,19}):(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const xact = Number(match?.[1]);
  const id = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(xact) || !Number.isSafeInteger(id)) {
    throw badRequest(EVENTS_MSG.invalidCursor, { after: EVENTS_MSG.invalidCursor });
  }
  return { xact, id };
}
