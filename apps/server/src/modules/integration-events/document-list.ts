import { DOCUMENTS_MSG, GIFT_CARD_TIME_ZONE } from '@mde/contracts';
import { type RawBuilder, sql } from 'kysely';
import { badRequest } from '../../lib/app-error';

// The document list of the integration API (GET /documents) reads two owners' documents, the capture modules'
// and the booked delivery notes, in one order: by the time they were made, then by source and id. Each owner
// reads its own page after the cursor; the service merges them (docs/conventions.md#layer-rules).

/** Where a source stands in the order when two documents share a time to the microsecond. */
export const SOURCE_RANK = { capture: 0, 'delivery-note': 1 } as const;
export type SourceRank = (typeof SOURCE_RANK)[keyof typeof SOURCE_RANK];

/** A place in the list: after the document `id` of source `rank` made at `micros` (µs since 1970, as text). */
export interface DocumentPosition {
  micros: string;
  rank: SourceRank;
  id: number;
}

/** What the list is asked for; `firmaIds` is what the caller may see ('all', or the firmas of an API key). */
export interface DocumentListFilter {
  firmaIds: readonly number[] | 'all';
  firma?: number | undefined;
  /** The store's number as the ERP sent it. */
  vkforg?: string | undefined;
  /** ISO days, Europe/Berlin, both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  after: DocumentPosition | null;
  limit: number;
}

export const encodeDocumentCursor = (p: DocumentPosition) =>
  Buffer.from(`d1:${p.micros}:${p.rank}:${p.id}`).toString('base64url');

export function decodeDocumentCursor(cursor: string | undefined): DocumentPosition | null {
  if (cursor === undefined || cursor === '') return null;
  const match = /^d1:(\d{1,19}):([01]):(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = Number(match?.[3]);
  if (!match?.[1] || !Number.isSafeInteger(id)) {
    throw badRequest(DOCUMENTS_MSG.invalidCursor, { after: DOCUMENTS_MSG.invalidCursor });
  }
  return { micros: match[1], rank: Number(match[2]) as SourceRank, id };
}

/** The order of the list, for the merge of the sources' pages. */
export function comparePositions(a: DocumentPosition, b: DocumentPosition): number {
  const byTime = BigInt(a.micros) - BigInt(b.micros);
  if (byTime !== 0n) return byTime < 0n ? -1 : 1;
  return a.rank - b.rank || a.id - b.id;
}

// SQL of the list, the same for each source's repository: its time column, its id column and its rank.

/** A timestamp as µs since 1970, exactly (a JS Date would drop the µs, and two documents could share a ms). */
export const microsOf = (column: string) =>
  sql<string>`((extract(epoch from ${sql.ref(column)}) * 1000000)::bigint)::text`;

/** The rows of a source after the cursor, in the list's order (time, source, id). */
export function afterPosition(
  timeColumn: string,
  idColumn: string,
  rank: SourceRank,
  after: DocumentPosition,
): RawBuilder<boolean> {
  const micros = sql`(extract(epoch from ${sql.ref(timeColumn)}) * 1000000)::bigint`;
  const at = sql`${after.micros}::bigint`;
  if (after.rank < rank) return sql<boolean>`${micros} >= ${at}`;
  if (after.rank > rank) return sql<boolean>`${micros} > ${at}`;
  return sql<boolean>`(${micros}, ${sql.ref(idColumn)}) > (${at}, ${after.id})`;
}

/** The first instant of a day in the store's time zone, and the first of the day after. */
export const dayStart = (day: string) => sql<Date>`(${day}::date)::timestamp at time zone ${GIFT_CARD_TIME_ZONE}`;
export const dayEnd = (day: string) => sql<Date>`(${day}::date + 1)::timestamp at time zone ${GIFT_CARD_TIME_ZONE}`;
