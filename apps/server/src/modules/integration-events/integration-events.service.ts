import {
  documentKindOf,
  EVENTS_MSG,
  type EventFeed,
  type IntegrationEvent,
  isDocumentType,
  isEventType,
  publicDocumentId,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { badRequest } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from './event-cursor';
import { type EventRow, listEventsAfter } from './integration-events.repository';

/** The event id readers and webhook receivers see (also the `webhook-id` header). */
export const publicEventId = (id: number) => `evt_${id}`;

/** The id GET /documents/{id} knows the event's document by: only events of an exported or booked document. */
function documentIdOf(type: string, document: Record<string, unknown>): string | null {
  if (!isDocumentType(type) || typeof document.id !== 'number') return null;
  return publicDocumentId(documentKindOf(type), document.id);
}

export function eventFromRow(row: EventRow): IntegrationEvent {
  const document = row.document as Record<string, unknown>;
  return {
    id: publicEventId(row.id),
    type: row.type,
    time: new Date(row.occurred_at).toISOString(),
    firma: row.firma_id,
    vkforg: row.vkforg_id,
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
    // The ERP's own keys beside the internal ids (docs/integration.md#erp-nummern); the firma's id is its number.
    erp: { firma: row.firma_id, vkforg: row.vkforg_number },
    documentId: documentIdOf(row.type, document),
    document,
  };
}

/** `types=a,b`: each must be a known event type; absent or empty means all. */
export function parseTypes(types: string | undefined): string[] | null {
  const list = (types ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (list.length === 0) return null;
  const unknown = list.find((t) => !isEventType(t));
  if (unknown !== undefined) {
    const message = EVENTS_MSG.unknownEventType(unknown);
    throw badRequest(message, { types: message });
  }
  return list;
}

/**
 * Events after the cursor, oldest first; the cursor answered stays put when nothing new has ended. A key reads
 * the events of its firmas only (`firmaIds`; null for the operator's `events tail`).
 */
export async function readFeed(
  db: Db,
  query: { after?: string | undefined; limit: number; types?: string | undefined },
  firmaIds: readonly number[] | null,
): Promise<EventFeed> {
  const after = decodeCursor(query.after);
  const rows = await listEventsAfter(db, after, query.limit, parseTypes(query.types), firmaIds);
  const last = rows.at(-1);
  return {
    events: rows.map(eventFromRow),
    next: encodeCursor(last ? { xact: last.xact_id, id: last.id } : after),
  };
}
