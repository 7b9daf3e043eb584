import { idTextSchema, intTextSchema, isoDateTimeSchema } from './common';
import { MSG } from './messages';
import { z } from './zod';

/** The audit log's API below the admin prefix: read and export only; no route changes or deletes an entry. */
export const AUDIT_LOG_API = '/api/v1/admin/audit-log';
export const AUDIT_LOG_PAGE_SIZE = 50;

export const AUDIT_LOG_MSG = {
  fromAfterTo: 'Der Beginn des Zeitraums liegt nach seinem Ende',
} as const;

const filterText = (max: number) => z.string({ error: MSG.invalidValue }).trim().min(1).max(max);

const filterShape = {
  /** The acting user's name (case-insensitive, exact) or id. */
  actor: filterText(100).optional(),
  actorUserId: idTextSchema.optional(),
  objectType: filterText(60).optional(),
  objectId: filterText(100).optional(),
  action: filterText(100).optional(),
  from: isoDateTimeSchema.optional(),
  to: isoDateTimeSchema.optional(),
};
const periodInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || new Date(f.from) <= new Date(f.to);

/** The filters of the list and of the CSV export: all optional, combined with AND. */
export const auditLogFilterSchema = z
  .strictObject(filterShape)
  .refine(periodInOrder, { error: AUDIT_LOG_MSG.fromAfterTo, path: ['to'] });
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

export const auditLogListQuerySchema = z
  .strictObject({
    ...filterShape,
    /** Keyset paging: the next page holds the entries older than the entry with this id. */
    cursor: idTextSchema.optional(),
    limit: intTextSchema(1, 200).default(AUDIT_LOG_PAGE_SIZE),
  })
  .refine(periodInOrder, { error: AUDIT_LOG_MSG.fromAfterTo, path: ['to'] });

export const auditLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  firmaId: z.number().int().nullable(),
  /** The firmas of an object of several (an API key, a webhook); null for the others. */
  firmaIds: z.array(z.number().int()).nullable(),
  actorUserId: z.number().int().nullable(),
  actorApiKeyId: z.number().int().nullable(),
  actor: z.string(),
  address: z.string().nullable(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  /** The object's name now (a user's user name, a store's name), null when it has none or is gone. */
  objectName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditLogEntrySchema),
  /** The `cursor` of the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** The CSV export's columns, in order, with their German headers. */
export const AUDIT_LOG_CSV_COLUMNS = [
  ['at', 'Zeitpunkt'],
  ['actor', 'Benutzer'],
  ['address', 'Adresse'],
  ['action', 'Aktion'],
  ['objectType', 'Objekttyp'],
  ['objectId', 'Objekt-ID'],
  ['firmaId', 'Firma'],
  ['before', 'Vorher'],
  ['after', 'Nachher'],
] as const;
