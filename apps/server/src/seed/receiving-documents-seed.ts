import { GOODS_RECEIPT_CHECK_KEYS, goodsReceiptCheckModule } from '@mde/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type {
  GoodsReceiptLineTable,
  GoodsReceiptTable,
  PurchaseOrderLineTable,
  PurchaseOrderTable,
} from '../modules/receiving-documents/receiving-documents.tables';
import { addDays } from './article-relations';
import { createRandom, type Random } from './random';

/** A dozen open orders per vkforg on a demo database; a scale database gets one per 400 listed articles. */
const ARTICLES_PER_ORDER = 400;
const MIN_ORDERS = 12;
const CHUNK = 1000;

interface Candidate {
  article_id: number;
  supplier_id: number;
  order_unit: string;
  order_factor: number | string;
}
interface PlannedOrder {
  row: Insertable<PurchaseOrderTable>;
  lines: Omit<Insertable<PurchaseOrderLineTable>, 'order_id'>[];
  /** Articles of the same supplier not on the order: a delivery may bring one of them too. */
  spare: Candidate[];
}

function planLines(rng: Random, firmaId: number, pool: Candidate[]) {
  const count = Math.min(pool.length, rng.int(4, 12));
  const start = rng.int(0, Math.max(0, pool.length - count));
  const chosen = pool.slice(start, start + count);
  const lines = chosen.map((c, i) => ({
    line_no: i + 1,
    firma_id: firmaId,
    article_id: c.article_id,
    unit: c.order_unit,
    factor: c.order_factor,
    quantity: rng.int(1, 10),
  }));
  return { lines, spare: pool.filter((c) => !chosen.includes(c)).slice(0, 3) };
}

/** Deviations built in: one receipt short of a line and a quantity, one with an article not ordered, the rest exact. */
function receiptLines(
  rng: Random,
  order: PlannedOrder,
  n: number,
): Omit<Insertable<GoodsReceiptLineTable>, 'receipt_id'>[] {
  const lines = order.lines.map((l) => ({ ...l }));
  if (n % 3 === 1 && lines.length > 2) {
    lines.pop();
    const first = lines[0];
    if (first) first.quantity = Math.max(1, Number(first.quantity) - rng.int(1, 2));
    const second = lines[1];
    if (second && Number(second.quantity) >= 1) second.quantity = Number(second.quantity) + 1;
  }
  const extra = order.spare[0];
  if (n % 3 === 2 && extra) {
    lines.push({
      line_no: lines.length + 1,
      firma_id: Number(order.row.firma_id),
      article_id: extra.article_id,
      unit: extra.order_unit,
      factor: extra.order_factor,
      quantity: rng.int(1, 3),
    });
  }
  return lines.map((l, i) => ({ ...l, line_no: i + 1 }));
}

async function insertChunked<T>(items: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += CHUNK) await insert(items.slice(i, i + CHUNK));
}

async function seedVkforg(db: Db, vkforg: { id: number; firma_id: number; vkforg: string }, today: string) {
  const listed = await db
    .selectFrom('article_listing')
    .where('vkforg_id', '=', vkforg.id)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const orderCount = Math.max(MIN_ORDERS, Math.ceil(Number(listed.n) / ARTICLES_PER_ORDER));
  const candidates: Candidate[] = await db
    .selectFrom('article_supplier as s')
    .innerJoin('article_listing as l', (j) =>
      j.onRef('l.article_id', '=', 's.article_id').on('l.vkforg_id', '=', vkforg.id),
    )
    .where('s.firma_id', '=', vkforg.firma_id)
    .where('s.is_main', '=', true)
    .select(['s.article_id', 's.supplier_id', 's.order_unit', 's.order_factor'])
    .orderBy('s.article_id')
    .limit(Math.min(orderCount * 40, 100_000))
    .execute();
  const bySupplier = new Map<number, Candidate[]>();
  for (const c of candidates) bySupplier.set(c.supplier_id, [...(bySupplier.get(c.supplier_id) ?? []), c]);
  const suppliers = [...bySupplier.keys()].filter((id) => (bySupplier.get(id)?.length ?? 0) >= 4).sort((a, b) => a - b);
  if (suppliers.length === 0) return;
  const supplierNumbers = new Map(
    (await db.selectFrom('supplier').where('id', 'in', suppliers).select(['id', 'number']).execute()).map((s) => [
      s.id,
      s.number,
    ]),
  );

  const rng = createRandom(4711, vkforg.id);
  const orders: PlannedOrder[] = [];
  for (let i = 0; i < orderCount; i++) {
    const supplierId = suppliers[i % suppliers.length] ?? 0;
    const { lines, spare } = planLines(rng, vkforg.firma_id, bySupplier.get(supplierId) ?? []);
    const number = `45${vkforg.vkforg}${String(i + 1).padStart(5, '0')}`;
    const supplierNumber = supplierNumbers.get(supplierId) ?? '';
    orders.push({
      row: {
        firma_id: vkforg.firma_id,
        vkforg_id: vkforg.id,
        supplier_id: supplierId,
        number,
        reference_number: `AB-${supplierNumber.slice(-4)}-${String(rng.int(100_000, 999_999))}`,
        order_date: addDays(today, -rng.int(2, 12)),
        delivery_date: addDays(today, rng.int(-1, 6)),
        // A third carry a Code 128 of the bare number, a third a QR code that names the kind and the number.
        barcode: i % 3 === 0 ? number : i % 3 === 1 ? `BESTELLUNG:${number}` : null,
      },
      lines,
      spare,
    });
  }
  const orderIds: number[] = [];
  await insertChunked(orders, async (chunk) => {
    const ids = await db
      .insertInto('purchase_order')
      .values(chunk.map((o) => o.row))
      .returning('id')
      .execute();
    orderIds.push(...ids.map((r) => Number(r.id)));
  });
  await insertChunked(
    orders.flatMap((o, i) => o.lines.map((l) => ({ ...l, order_id: orderIds[i] ?? 0 }))),
    (chunk) => db.insertInto('purchase_order_line').values(chunk).execute(),
  );

  // Every third order has arrived: its goods receipt refers to it by number (Bezugsnummer).
  const delivered = orders.flatMap((o, i) => (i % 3 === 2 ? [{ order: o, orderId: orderIds[i] ?? 0 }] : []));
  const receipts = delivered.map(({ order, orderId }, n) => {
    const number = `LS${String(rng.int(1_000_000, 9_999_999))}`;
    const row: Insertable<GoodsReceiptTable> = {
      firma_id: vkforg.firma_id,
      vkforg_id: vkforg.id,
      supplier_id: order.row.supplier_id,
      number,
      reference_number: order.row.number,
      order_id: orderId,
      receipt_date: addDays(today, -(n % 3)),
      status: n % 4 === 3 ? 'gebucht' : n % 4 === 2 ? 'in Prüfung' : 'offen',
      barcode: n % 2 === 0 ? number : null,
    };
    return { row, lines: receiptLines(rng, order, n) };
  });
  const receiptIds: number[] = [];
  await insertChunked(receipts, async (chunk) => {
    const ids = await db
      .insertInto('goods_receipt')
      .values(chunk.map((r) => r.row))
      .returning('id')
      .execute();
    receiptIds.push(...ids.map((r) => Number(r.id)));
  });
  await insertChunked(
    receipts.flatMap((r, i) => r.lines.map((l) => ({ ...l, receipt_id: receiptIds[i] ?? 0 }))),
    (chunk) => db.insertInto('goods_receipt_line').values(chunk).execute(),
  );
}

/**
 * Purchase orders and goods receipts of every vkforg, from the articles' main suppliers: open orders due
 * in the coming days, and for every third order a goods receipt, some exact, some short of a line, some
 * bringing an article that was not ordered. Some documents carry a barcode (Code 128 or QR).
 */
export async function seedReceivingDocuments(db: Db, options: { today?: string } = {}) {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const vkforgs = await db.selectFrom('vkforg').select(['id', 'firma_id', 'vkforg']).orderBy('id').execute();
  for (const vkforg of vkforgs) await seedVkforg(db, vkforg, today);
}

/**
 * Warenverprobung's module config: blind count for goods receipts, open count for orders; firma 1 accepts
 * 10 % of a line's quantity as matching, firma 2 counts exactly.
 */
export async function seedGoodsReceiptCheckConfig(db: Db) {
  const firmas = await db.selectFrom('firma').select('id').orderBy('id').execute();
  const values = (firmaId: number): [string, string][] => [
    [GOODS_RECEIPT_CHECK_KEYS.blindReceipt, 'true'],
    [GOODS_RECEIPT_CHECK_KEYS.blindOrder, 'false'],
    [GOODS_RECEIPT_CHECK_KEYS.tolerancePercent, firmaId === 1 ? '10' : '0'],
    [GOODS_RECEIPT_CHECK_KEYS.toleranceAbsolute, '0'],
  ];
  const rows = firmas.flatMap((f) =>
    values(f.id).map(([config_key, config_value]) => ({
      firma_id: f.id,
      module: goodsReceiptCheckModule.configName,
      config_key,
      config_value,
    })),
  );
  if (rows.length > 0)
    await db
      .insertInto('module_config')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
}
