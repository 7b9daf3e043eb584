import { Readable } from 'node:stream';
import { AUDIT_LOG_CSV_COLUMNS, type AuditLogEntry, type AuditLogFilter, type AuditLogPage } from '@mde/contracts';
import type { Db } from '../../db/database';
import { csvStream } from '../../lib/csv-writer';
import { type AuditLogRow, type AuditScope, listEntries } from './audit-log.repository';
import { objectNames } from './audit-object-names.repository';

const toEntry = (row: AuditLogRow, names: Map<string, string> = new Map()): AuditLogEntry => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  firmaId: row.firma_id,
  firmaIds: row.firma_ids,
  actorUserId: row.actor_user_id,
  actorApiKeyId: row.actor_api_key_id,
  actor: row.actor,
  address: row.address,
  action: row.action,
  objectType: row.object_type,
  objectId: row.object_id,
  objectName: names.get(`${row.object_type}:${row.object_id}`) ?? null,
  before: row.before,
  after: row.after,
});

export async function listAuditLog(
  db: Db,
  scope: AuditScope,
  query: AuditLogFilter & { cursor?: number; limit: number },
): Promise<AuditLogPage> {
  const { cursor, limit, ...filter } = query;
  // One more than asked tells whether a next page exists.
  const rows = await listEntries(db, scope, filter, { afterId: cursor, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const names = await objectNames(db, page);
  const items = page.map((row) => toEntry(row, names));
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

const EXPORT_BATCH = 500;

/** Every matching entry, newest first, read in batches: a large log is never held in memory at once. */
async function* allEntries(db: Db, scope: AuditScope, filter: AuditLogFilter) {
  let afterId: string | undefined;
  for (;;) {
    const rows = await listEntries(db, scope, filter, { afterId, limit: EXPORT_BATCH });
    for (const row of rows) yield toEntry(row);
    if (rows.length < EXPORT_BATCH) return;
    afterId = rows.at(-1)?.id;
  }
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/**
 * The CSV export as a stream (the project's CSV writer: `;`, formulas written as text) with a UTF-8 BOM (Excel
 * opens it with umlauts), German headers, before and after as JSON text.
 */
export function auditLogCsv(db: Db, scope: AuditScope, filter: AuditLogFilter): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const e of allEntries(db, scope, filter)) {
        yield { ...e, firmaId: e.firmaId ?? e.firmaIds?.join(',') ?? '', before: json(e.before), after: json(e.after) };
      }
    })(),
  );
  const csv = csvStream({
    bom: true,
    header: true,
    columns: AUDIT_LOG_CSV_COLUMNS.map(([key, header]) => ({ key, header })),
  });
  rows.on('error', (error) => csv.destroy(error));
  return rows.pipe(csv);
}
