import {
  type ImportResult,
  INTEGRATION_MSG,
  importDeliveryNoteRowSchema,
  importPurchaseOrderRowSchema,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { upsertImportedDeliveryNotes } from '../delivery-notes/delivery-note-import.service';
import * as orgRepo from '../org/org.service';
import {
  type DocumentUpsertOutcome,
  upsertImportedPurchaseOrders,
} from '../receiving-documents/receiving-documents.service';
import type { BodyRow } from './import-body';
import { Rejections, validateRows } from './import-rows';

// Documents from the ERP (scope import:documents): one row is one document with its lines. The rows are checked
// here against the schema, the firma, the store and the supplier; the modules that own the documents resolve the
// lines, compare with what they store and write (receiving-documents for purchase orders, delivery-notes for
// delivery notes), all in the caller's transaction.

/** Stores and suppliers of the rows' firmas, by firma and number. */
async function orgOf(db: Db, firmas: number[]) {
  const firmaIds = await orgRepo.firmasIn(db, [...new Set(firmas)]);
  const ids = [...firmaIds];
  const stores = new Map((await orgRepo.storesOf(db, ids)).map((s) => [`${s.firma_id}|${s.vkforg}`, s.id]));
  const suppliers = new Map(
    (await orgRepo.suppliersOf(db, ids)).map((s) => [`${s.firma_id}|${s.number}`, { id: s.id, name: s.name }]),
  );
  return { firmaIds, stores, suppliers };
}

/**
 * The rows whose firma, store and supplier exist, each key once; the others refused with field and reason. `key`
 * is the document's natural key past firma and store.
 */
async function knownRows<R extends { firma: number; vkforg: string; supplier: string }>(
  db: Db,
  valid: { index: number; row: R }[],
  key: (row: R) => string,
  rejections: Rejections,
) {
  const org = await orgOf(
    db,
    valid.map((v) => v.row.firma),
  );
  const seen = new Set<string>();
  const known: { index: number; row: R; vkforgId: number; supplier: { id: number; name: string } }[] = [];
  for (const { index, row } of valid) {
    const vkforgId = org.stores.get(`${row.firma}|${row.vkforg}`);
    const supplier = org.suppliers.get(`${row.firma}|${row.supplier}`);
    if (!org.firmaIds.has(row.firma)) rejections.add(index, 'firma', INTEGRATION_MSG.firmaUnknown);
    else if (vkforgId === undefined) rejections.add(index, 'vkforg', INTEGRATION_MSG.vkforgUnknown);
    else if (supplier === undefined) rejections.add(index, 'supplier', INTEGRATION_MSG.supplierUnknown);
    else {
      const documentKey = `${row.firma}|${vkforgId}|${key(row)}`;
      if (seen.has(documentKey)) {
        rejections.add(index, '_', INTEGRATION_MSG.keyTwice);
        continue;
      }
      seen.add(documentKey);
      known.push({ index, row, vkforgId, supplier });
    }
  }
  return known;
}

function result(outcome: DocumentUpsertOutcome, rejections: Rejections): ImportResult {
  for (const r of outcome.refused) rejections.add(r.index, r.field, r.message);
  const list = rejections.sorted();
  return {
    inserted: outcome.inserted,
    updated: outcome.updated,
    unchanged: outcome.unchanged,
    rejected: list.length,
    rejections: list,
  };
}

/** Purchase orders by firma + store + order number (Warenverprobung's Bestellungen). */
export async function importPurchaseOrders(db: Db, rows: BodyRow[]): Promise<ImportResult> {
  const rejections = new Rejections();
  const valid = validateRows(importPurchaseOrderRowSchema, rows, rejections);
  const known = await knownRows(db, valid, (row) => row.number, rejections);
  const outcome = await upsertImportedPurchaseOrders(
    db,
    known.map(({ index, row, vkforgId, supplier }) => ({
      index,
      firmaId: row.firma,
      vkforgId,
      supplierId: supplier.id,
      number: row.number,
      orderDate: row.orderDate,
      deliveryDate: row.deliveryDate,
      referenceNumber: row.referenceNumber || null,
      barcode: row.barcode || null,
      lines: row.lines.map((l) => ({ article: l.article, code: null, unit: l.unit, quantity: l.quantity })),
    })),
  );
  return result(outcome, rejections);
}

/** Delivery notes by firma + store + supplier + note number (Lieferscheine, open goods receipts). */
export async function importDeliveryNotes(db: Db, rows: BodyRow[]): Promise<ImportResult> {
  const rejections = new Rejections();
  const valid = validateRows(importDeliveryNoteRowSchema, rows, rejections);
  const known = await knownRows(db, valid, (row) => `${row.supplier}|${row.number}`, rejections);
  const outcome = await upsertImportedDeliveryNotes(
    db,
    known.map(({ index, row, vkforgId, supplier }) => ({
      index,
      firmaId: row.firma,
      vkforgId,
      supplier,
      number: row.number,
      date: row.date,
      orderNumber: row.orderNumber || null,
      barcode: row.barcode || null,
      lines: row.lines,
    })),
  );
  return result(outcome, rejections);
}
