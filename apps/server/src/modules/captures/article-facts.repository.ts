import type { Db } from '../../db/database';
import type { ArticleFacts, SupplierTerms } from './rules/article-facts';
import './captures.tables';

// Reads of the article domain (migration 0010) that the capture rules need, batched for sync requests:
// four queries however many articles a batch names. Scoped to the session's firma (and vkforg for listings).

export async function loadArticleFacts(
  db: Db,
  scope: { firmaId: number; vkforgId: number },
  articleIds: readonly number[],
): Promise<Map<number, ArticleFacts>> {
  const facts = new Map<number, ArticleFacts>();
  const ids = [...new Set(articleIds)];
  if (ids.length === 0) return facts;
  const [articles, units, suppliers, listings] = await Promise.all([
    db
      .selectFrom('article')
      .select(['id', 'number', 'designation1', 'designation2', 'base_unit'])
      .where('firma_id', '=', scope.firmaId)
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('article_unit')
      .select(['article_id', 'unit', 'factor'])
      .where('firma_id', '=', scope.firmaId)
      .where('article_id', 'in', ids)
      .execute(),
    db
      .selectFrom('article_supplier as s')
      .innerJoin('supplier', 'supplier.id', 's.supplier_id')
      .select([
        's.article_id',
        's.supplier_id',
        's.is_main',
        's.min_order_quantity',
        's.order_unit',
        's.order_factor',
        'supplier.name',
      ])
      .where('s.firma_id', '=', scope.firmaId)
      .where('s.article_id', 'in', ids)
      .execute(),
    db
      .selectFrom('article_listing')
      .select(['article_id', 'target_stock'])
      .where('firma_id', '=', scope.firmaId)
      .where('vkforg_id', '=', scope.vkforgId)
      .where('article_id', 'in', ids)
      .execute(),
  ]);
  for (const a of articles) {
    facts.set(a.id, {
      id: a.id,
      number: a.number,
      designation: a.designation1,
      designation2: a.designation2,
      baseUnit: a.base_unit,
      units: new Map([[a.base_unit, 1]]),
      mainSupplier: null,
      supplierIds: new Set(),
      targetStock: 0,
    });
  }
  for (const u of units) (facts.get(u.article_id)?.units as Map<string, number> | undefined)?.set(u.unit, u.factor);
  for (const s of suppliers) {
    const f = facts.get(s.article_id);
    if (!f) continue;
    (f.supplierIds as Set<number>).add(s.supplier_id);
    if (s.is_main) f.mainSupplier = toTerms(s);
  }
  for (const l of listings) {
    const f = facts.get(l.article_id);
    if (f) f.targetStock = l.target_stock;
  }
  return facts;
}

const toTerms = (s: {
  supplier_id: number;
  name: string;
  min_order_quantity: number;
  order_unit: string;
  order_factor: number;
}): SupplierTerms => ({
  id: s.supplier_id,
  name: s.name,
  minOrderQuantity: s.min_order_quantity,
  orderUnit: s.order_unit,
  orderFactor: s.order_factor,
});

/** Book stock of one warehouse per article (Inventur difference report). */
export async function loadBookStock(db: Db, firmaId: number, warehouseId: number, articleIds: readonly number[]) {
  const stock = new Map<number, number>();
  if (articleIds.length === 0) return stock;
  const rows = await db
    .selectFrom('article_stock')
    .select(['article_id', 'quantity'])
    .where('firma_id', '=', firmaId)
    .where('warehouse_id', '=', warehouseId)
    .where('article_id', 'in', [...new Set(articleIds)])
    .execute();
  for (const r of rows) stock.set(r.article_id, r.quantity);
  return stock;
}

export async function findWarehouse(db: Db, scope: { firmaId: number; vkforgId: number }, id: number) {
  return db
    .selectFrom('warehouse')
    .select(['id'])
    .where('id', '=', id)
    .where('firma_id', '=', scope.firmaId)
    .where('vkforg_id', '=', scope.vkforgId)
    .executeTakeFirst();
}

export async function findSupplier(db: Db, firmaId: number, id: number) {
  return db
    .selectFrom('supplier')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('firma_id', '=', firmaId)
    .executeTakeFirst();
}

/** Retouren supplier entry: the firma's suppliers by number or name, number matches first. */
export async function searchSuppliers(db: Db, firmaId: number, q: string, limit = 25) {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('supplier')
    .select(['id', 'number', 'name'])
    .where('firma_id', '=', firmaId)
    .$if(q !== '', (qb) => qb.where((eb) => eb.or([eb('number', '=', q), eb('name', 'ilike', pattern)])))
    .orderBy((eb) => eb.case().when('number', '=', q).then(0).else(1).end())
    .orderBy('name')
    .limit(limit)
    .execute();
}
