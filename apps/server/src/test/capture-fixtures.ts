import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Db } from '../db/database';
import { as, createTestApp, DEMO, loginAs, type TestApp } from './test-app';
import '../modules/captures/captures.tables';

// Fixed articles with round figures for the capture API tests, beside the generated demo assortment
// (whose stock and targets are random): ids far above the seeded ones.
export const FX = {
  milk: 900_001, // Stück, Karton = 6; target 20, stock 3, open order 5 Stück; supplier S1 min 1 Karton
  juice: 900_002, // Stück, Karton = 12; target 24, stock 30 + 10; supplier S2 min 3 Karton
  cheese: 900_003, // kg; target 5, stock 2.5; supplier S1 min 2 kg
  noSupplier: 900_004,
  firma2: 900_101,
  s1: 900_001,
  s2: 900_002,
  s2Firma2: 900_003,
} as const;

export async function insertFixtures(db: Db) {
  await db
    .insertInto('supplier')
    .values([
      { id: FX.s1, firma_id: 1, number: 'T-S1', name: 'Testmolkerei Nord' },
      { id: FX.s2, firma_id: 1, number: 'T-S2', name: 'Testkelterei' },
      { id: FX.s2Firma2, firma_id: 2, number: 'T-S3', name: 'Süd-Lieferant' },
    ])
    .execute();
  const article = (id: number, firma_id: number, number: string, designation1: string, base_unit: string) => ({
    id,
    firma_id,
    number,
    designation1,
    department: 'Test',
    base_unit,
  });
  await db
    .insertInto('article')
    .values([
      article(FX.milk, 1, 'T900001', 'Testmilch 1 l', 'Stück'),
      article(FX.juice, 1, 'T900002', 'Testsaft 1 l', 'Stück'),
      article(FX.cheese, 1, 'T900003', 'Testkäse', 'kg'),
      article(FX.noSupplier, 1, 'T900004', 'Ohne Lieferant', 'Stück'),
      article(FX.firma2, 2, 'T900101', 'Süd-Artikel', 'Stück'),
    ])
    .execute();
  const unit = (article_id: number, firma_id: number, u: string, factor: number) => ({
    article_id,
    firma_id,
    unit: u,
    factor,
    is_base: factor === 1,
  });
  await db
    .insertInto('article_unit')
    .values([
      unit(FX.milk, 1, 'Stück', 1),
      unit(FX.milk, 1, 'Karton', 6),
      unit(FX.juice, 1, 'Stück', 1),
      unit(FX.juice, 1, 'Karton', 12),
      unit(FX.cheese, 1, 'kg', 1),
      unit(FX.noSupplier, 1, 'Stück', 1),
      unit(FX.firma2, 2, 'Stück', 1),
    ])
    .execute();
  const terms = (article_id: number, supplier_id: number, min: number, order_unit: string, order_factor: number) => ({
    firma_id: 1,
    article_id,
    supplier_id,
    supplier_article_number: `SA-${article_id}`,
    min_order_quantity: min,
    order_unit,
    order_factor,
    is_main: true,
  });
  await db
    .insertInto('article_supplier')
    .values([
      terms(FX.milk, FX.s1, 1, 'Karton', 6),
      terms(FX.juice, FX.s2, 3, 'Karton', 12),
      terms(FX.cheese, FX.s1, 2, 'kg', 1),
    ])
    .execute();
  const listing = (article_id: number, target_stock: number) => ({
    firma_id: 1,
    vkforg_id: 11,
    article_id,
    listed_since: '2025-01-01',
    target_stock,
    min_stock: 0,
  });
  await db
    .insertInto('article_listing')
    .values([listing(FX.milk, 20), listing(FX.juice, 24), listing(FX.cheese, 5)])
    .execute();
  const stock = (article_id: number, warehouse_id: number, quantity: number) => ({
    firma_id: 1,
    vkforg_id: 11,
    warehouse_id,
    article_id,
    quantity,
  });
  await db
    .insertInto('article_stock')
    .values([
      stock(FX.milk, 1101, 3),
      stock(FX.juice, 1101, 30),
      stock(FX.juice, 1102, 10),
      stock(FX.cheese, 1101, 2.5),
    ])
    .execute();
  await db
    .insertInto('article_open_order')
    .values({
      firma_id: 1,
      vkforg_id: 11,
      article_id: FX.milk,
      supplier_id: FX.s1,
      order_number: 'T-B1',
      order_date: '2026-11-01',
      quantity: 5,
      unit: 'Stück',
    })
    .execute();
}

/** Forgets every capture, document and device of the test database (documents go with their capture). */
export async function resetCaptures(db: Db) {
  await sql`delete from capture_change`.execute(db);
  await sql`delete from capture_device`.execute(db);
  await sql`update capture_line set document_id = null`.execute(db);
  await sql`delete from capture`.execute(db);
}

export const uuid = () => randomUUID();
export const now = () => new Date().toISOString();

/**
 * The server of a file of capture route tests: fixtures inserted, demo logged in, every capture forgotten
 * before each test. The fields are set once the file's tests start.
 */
export function captureRouteTestApp() {
  const ctx = {} as { t: TestApp; demo: ReturnType<typeof as> };
  beforeAll(async () => {
    ctx.t = await createTestApp();
    await insertFixtures(ctx.t.db);
    ctx.demo = as(ctx.t.app, await loginAs(ctx.t.app, DEMO));
  });
  afterAll(() => ctx.t.close());
  beforeEach(() => resetCaptures(ctx.t.db));
  return ctx;
}
