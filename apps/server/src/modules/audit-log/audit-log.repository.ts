import type { AuditLogFilter } from '@mde/contracts';
import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import { intArrayLiteral } from '../../db/array-literal';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import './audit-log.tables';

export interface AuditLogRow {
  id: string;
  at: Date;
  firma_id: number | null;
  firma_ids: number[] | null;
  actor_user_id: number | null;
  actor_api_key_id: number | null;
  actor: string;
  address: string | null;
  action: string;
  object_type: string;
  object_id: string | null;
  before: unknown;
  after: unknown;
}

/**
 * Which entries a reader sees: null = all (the operator CLI); otherwise the entries of these firmas, those about
 * an object of several firmas that are all among them (an API key, a webhook: `firma_ids`), and of the entries
 * that belong to no firma only those about a user of these firmas (a login lock, a password reset). Addresses
 * and unknown logins belong to no firma: only the operator sees them.
 */
export type AuditScope = { firmaIds: readonly number[] | null };

type Eb = ExpressionBuilder<Database, 'audit_log'>;

function scoped(eb: Eb, { firmaIds }: AuditScope) {
  if (firmaIds === null) return eb.lit(true);
  if (firmaIds.length === 0) return eb.lit(false);
  const ids = [...firmaIds];
  return eb.or([
    eb('audit_log.firma_id', 'in', ids),
    sql<boolean>`(cardinality(audit_log.firma_ids) > 0 and audit_log.firma_ids <@ ${intArrayLiteral(ids)}::int[])`,
    eb.and([
      eb('audit_log.firma_id', 'is', null),
      eb('audit_log.object_type', '=', 'user'),
      eb(
        'audit_log.object_id',
        'in',
        eb.selectFrom('app_user').select(sql<string>`app_user.id::text`.as('id')).where('app_user.firma_id', 'in', ids),
      ),
    ]),
  ]);
}

function filtered(eb: Eb, f: AuditLogFilter) {
  const where = [];
  if (f.actor !== undefined) where.push(eb(sql`lower(audit_log.actor)`, '=', f.actor.toLowerCase()));
  if (f.actorUserId !== undefined) where.push(eb('audit_log.actor_user_id', '=', f.actorUserId));
  if (f.objectType !== undefined) where.push(eb('audit_log.object_type', '=', f.objectType));
  if (f.objectId !== undefined) where.push(eb('audit_log.object_id', '=', f.objectId));
  if (f.action !== undefined) where.push(eb('audit_log.action', '=', f.action));
  if (f.from !== undefined) where.push(eb('audit_log.at', '>=', new Date(f.from)));
  if (f.to !== undefined) where.push(eb('audit_log.at', '<=', new Date(f.to)));
  return eb.and(where);
}

/** Newest first, by (at, id); `afterId` continues after that entry (keyset paging, exact to the microsecond). */
export function listEntries(
  db: Db,
  scope: AuditScope,
  filter: AuditLogFilter,
  page: { afterId?: string | number; limit: number },
): Promise<AuditLogRow[]> {
  let query = db
    .selectFrom('audit_log')
    .select([
      sql<string>`audit_log.id::text`.as('id'),
      'audit_log.at',
      'audit_log.firma_id',
      'audit_log.firma_ids',
      'audit_log.actor_user_id',
      'audit_log.actor_api_key_id',
      'audit_log.actor',
      'audit_log.address',
      'audit_log.action',
      'audit_log.object_type',
      'audit_log.object_id',
      'audit_log.before',
      'audit_log.after',
    ])
    .where((eb) => eb.and([scoped(eb, scope), filtered(eb, filter)]));
  if (page.afterId !== undefined) {
    const afterId = String(page.afterId);
    query = query.where(
      sql<boolean>`(audit_log.at, audit_log.id) < (select c.at, c.id from audit_log c where c.id = ${afterId}::bigint)`,
    );
  }
  return query.orderBy('audit_log.at', 'desc').orderBy('audit_log.id', 'desc').limit(page.limit).execute();
}

/** One entry as record-audit.ts makes it; the table refuses updates and deletes. */
export const insertEntry = (trx: Db, values: Insertable<Database['audit_log']>) =>
  trx.insertInto('audit_log').values(values).execute();
