import { CompiledQuery } from 'kysely';
import { intArrayLiteral, textArrayLiteral } from '../../db/array-literal';
import type { Db } from '../../db/database';
import { GENERIC_PLAN_HINT, genericPlanQuery } from '../../db/generic-plans';
import type { Scope } from './article-scope';
import { type SummaryRow, summaryQuery } from './article-summary.repository';

export interface LookupRow extends SummaryRow {
  /** The matched code, or null for an article-number match. */
  gtin14: string | null;
  code_unit: string | null;
  code_factor: number | null;
}

/** One scan's question: the GTIN-14 readings of its code and/or the article number it may be. */
export interface LookupRequest {
  scope: Scope;
  gtins: readonly string[];
  number: string | null;
}

/**
 * The rows of many lookups in one statement, each tagged with its request's index (req): each code probes
 * article_code, each article number article, and every hit reads its one row of the read model
 * (article_summary, migration 20261125_0001). Each code and number carries its own firma and vkforg.
 */
const LOOKUP_BATCH = `${GENERIC_PLAN_HINT}select m.req, s.article_id as id, s.number, s.designation1, s.designation2, s.department,
       s.base_unit, s.scale_plu, s.main_code, s.price_cents, s.stock_total, m.gtin14, m.unit as code_unit,
       m.factor as code_factor
  from (select g.req, g.firma, g.vkforg, c.article_id, c.gtin14, c.unit, c.factor
          from unnest($1::int[], $2::int[], $3::int[], $4::text[]) as g(req, firma, vkforg, gtin)
          join article_code c on c.firma_id = g.firma and c.gtin14 = g.gtin
        union all
        select n.req, n.firma, n.vkforg, x.id, null::text, null::text, null::numeric
          from unnest($5::int[], $6::int[], $7::int[], $8::text[]) as n(req, firma, vkforg, num)
          join article x on x.firma_id = n.firma and x.number = n.num) m
  join article_summary s on s.article_id = m.article_id and s.vkforg_id = m.vkforg and s.firma_id = m.firma`;

type BatchRow = LookupRow & { req: number };

export async function findCodesBatch(db: Db, requests: readonly LookupRequest[]): Promise<BatchRow[]> {
  const codes = { req: [] as number[], firma: [] as number[], vkforg: [] as number[], gtin: [] as string[] };
  const numbers = { req: [] as number[], firma: [] as number[], vkforg: [] as number[], number: [] as string[] };
  requests.forEach((r, req) => {
    for (const gtin of r.gtins) {
      codes.req.push(req);
      codes.firma.push(r.scope.firmaId);
      codes.vkforg.push(r.scope.vkforgId);
      codes.gtin.push(gtin);
    }
    if (r.number !== null) {
      numbers.req.push(req);
      numbers.firma.push(r.scope.firmaId);
      numbers.vkforg.push(r.scope.vkforgId);
      numbers.number.push(r.number);
    }
  });
  const ints = intArrayLiteral;
  const texts = textArrayLiteral;
  const params = [
    ints(codes.req),
    ints(codes.firma),
    ints(codes.vkforg),
    texts(codes.gtin),
    ints(numbers.req),
    ints(numbers.firma),
    ints(numbers.vkforg),
    texts(numbers.number),
  ];
  // Its plan is the same for every batch (index probes by key); see generic-plans.ts for why that is forced.
  const generic = genericPlanQuery(db);
  if (generic) return generic<BatchRow>('article_lookup_batch', LOOKUP_BATCH, params);
  return (await db.executeQuery(CompiledQuery.raw(LOOKUP_BATCH, params) as CompiledQuery<BatchRow>)).rows;
}

export async function findByPlu(db: Db, scope: Scope, plu: string) {
  return summaryQuery(db, scope).where('a.scale_plu', '=', plu).executeTakeFirst();
}

/**
 * Whether a code the lookup did not find names an article of the scope's vkforg that the ERP has delisted: by
 * one of the GTIN-14s, the scale PLU or the article number. Asked only after a miss, so a scan pays nothing.
 */
export async function isDelistedCode(
  db: Db,
  scope: Scope,
  probe: { gtin14s: readonly string[]; plu: string | null; number: string | null },
): Promise<boolean> {
  const row = await db
    .selectFrom('article as a')
    .innerJoin('article_listing as l', (join) =>
      join.onRef('l.article_id', '=', 'a.id').on('l.vkforg_id', '=', scope.vkforgId),
    )
    .select('a.id')
    .where('a.firma_id', '=', scope.firmaId)
    .where('a.delisted_at', 'is not', null)
    .where((eb) =>
      eb.or([
        ...(probe.gtin14s.length > 0
          ? [
              eb.exists(
                eb
                  .selectFrom('article_code as c')
                  .select('c.article_id')
                  .whereRef('c.article_id', '=', 'a.id')
                  .where('c.firma_id', '=', scope.firmaId)
                  .where('c.gtin14', 'in', [...probe.gtin14s]),
              ),
            ]
          : []),
        ...(probe.plu !== null ? [eb('a.scale_plu', '=', probe.plu)] : []),
        ...(probe.number !== null ? [eb('a.number', '=', probe.number)] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
