import { hash } from 'node:crypto';
import {
  type GtinType,
  type ImportArticleRow,
  type ImportResult,
  INTEGRATION_MSG,
  importArticleRowSchema,
  normaliseGtin,
} from '@mde/contracts';
import { bulkInsert } from '../../db/bulk-insert';
import type { Db } from '../../db/database';
import * as repo from './article-import.repository';
import type { BodyRow } from './import-body';
import type { ImportOptions } from './import-options';
import { Rejections, validateRows } from './import-rows';

/** Rows written per statement group; one import is still one transaction. */
const BATCH = 1000;

interface Prepared {
  index: number;
  row: ImportArticleRow;
  codes: { gtin14: string; type: GtinType; unit: string; factor: number }[];
}

/** An article with its dependent rows as stored (ids resolved), each list sorted: equal JSON means unchanged. */
interface Canonical {
  fields: [string, string, string, string, string | null, boolean];
  units: unknown[][];
  codes: unknown[][];
  prices: unknown[][];
  suppliers: unknown[][];
  listings: unknown[][];
}

const sortRows = (rows: unknown[][] | null) =>
  (rows ?? []).map((r) => JSON.stringify(r)).sort() as unknown as unknown[][];

function storedParts(a: repo.StoredArticle): Canonical {
  return {
    fields: [a.designation1, a.designation2, a.department, a.base_unit, a.scale_plu, a.delisted],
    units: sortRows(a.units),
    codes: sortRows(a.codes),
    prices: sortRows(a.prices),
    suppliers: sortRows(a.suppliers),
    listings: sortRows(a.listings),
  };
}

interface References {
  vkforg: Map<string, number>;
  supplier: Map<string, number>;
}

function rowParts(p: Prepared, refs: References): Canonical {
  const r = p.row;
  return {
    fields: [r.designation1, r.designation2, r.department, r.baseUnit, r.scalePlu, false],
    units: sortRows(r.units.map((u) => [u.unit, u.factor, u.weightGrams])),
    codes: sortRows(p.codes.map((x) => [x.gtin14, x.type, x.unit, x.factor])),
    prices: sortRows(
      r.prices.map((x) => [
        refs.vkforg.get(x.vkforg),
        x.scale,
        x.minQuantity,
        x.unit,
        x.per,
        x.priceCents,
        x.validFrom,
      ]),
    ),
    suppliers: sortRows(
      r.suppliers.map((x) => [
        refs.supplier.get(x.supplier),
        x.supplierArticleNumber,
        x.minOrderQuantity,
        x.orderUnit,
        x.orderFactor,
        x.isMain,
      ]),
    ),
    listings: sortRows(r.listings.map((x) => [refs.vkforg.get(x.vkforg), x.listedSince, x.targetStock, x.minStock])),
  };
}

/** The lists a file without their column leaves as stored, and the table each lives in. */
const KEPT_LISTS = {
  codes: 'article_code',
  prices: 'article_price',
  suppliers: 'article_supplier',
  listings: 'article_listing',
} as const;
type KeptList = keyof typeof KEPT_LISTS;
const keptLists = (keep: ReadonlySet<string>) => (Object.keys(KEPT_LISTS) as KeptList[]).filter((l) => keep.has(l));

/** The row as it will be stored: what the file left out taken from the stored article. */
function withKept(row: Canonical, stored: Canonical, keep: ReadonlySet<string>): Canonical {
  const merged: Canonical = { ...row, fields: [...row.fields] };
  if (keep.has('designation2')) merged.fields[1] = stored.fields[1];
  if (keep.has('scalePlu')) merged.fields[4] = stored.fields[4];
  for (const list of keptLists(keep)) merged[list] = stored[list];
  return merged;
}

/** The first entry of a list whose key repeats, as its field path. */
function repeated<T>(list: T[], key: (item: T) => string, field: string): string | null {
  const seen = new Set<string>();
  for (const [i, item] of list.entries()) {
    const k = key(item);
    if (seen.has(k)) return `${field}.${i}`;
    seen.add(k);
  }
  return null;
}

/** What a row must hold in itself: known units, valid codes, no entry twice. */
function prepare(index: number, row: ImportArticleRow, rejections: Rejections): Prepared | null {
  const reject = (field: string, message: string) => {
    rejections.add(index, field, message);
    return null;
  };
  const unitsTwice = repeated(row.units, (u) => u.unit, 'units');
  if (unitsTwice) return reject(`${unitsTwice}.unit`, INTEGRATION_MSG.entryTwice);
  const factors = new Map(row.units.map((u) => [u.unit, u.factor]));
  if (factors.get(row.baseUnit) !== 1) return reject('baseUnit', INTEGRATION_MSG.baseUnitMissing);
  const codes: Prepared['codes'] = [];
  for (const [i, code] of row.codes.entries()) {
    const normalised = normaliseGtin(code.code);
    // An 8-digit code that reads both as EAN-8 and UPC-E is stored as the EAN-8, as it is printed.
    const candidate = normalised.kind === 'gtin' ? normalised.candidates[0] : undefined;
    if (!candidate) return reject(`codes.${i}.code`, INTEGRATION_MSG.codeInvalid);
    const factor = factors.get(code.unit);
    if (factor === undefined) return reject(`codes.${i}.unit`, INTEGRATION_MSG.unitUnknown);
    codes.push({ gtin14: candidate.gtin14, type: candidate.type, unit: code.unit, factor });
  }
  const codesTwice = repeated(codes, (c) => c.gtin14, 'codes');
  if (codesTwice) return reject(`${codesTwice}.code`, INTEGRATION_MSG.codeTwice);
  for (const [i, price] of row.prices.entries()) {
    if (!factors.has(price.unit)) return reject(`prices.${i}.unit`, INTEGRATION_MSG.unitUnknown);
  }
  const checks: [string | null, string][] = [
    [repeated(row.prices, (p) => `${p.vkforg}\u0001${p.scale}`, 'prices'), 'scale'],
    [repeated(row.suppliers, (s) => s.supplier, 'suppliers'), 'supplier'],
    [repeated(row.listings, (l) => l.vkforg, 'listings'), 'vkforg'],
  ];
  for (const [path, field] of checks) if (path) return reject(`${path}.${field}`, INTEGRATION_MSG.entryTwice);
  return { index, row, codes };
}

/** The first store or supplier a row names that the firma does not have. */
function unknownReference(row: ImportArticleRow, refs: References): { field: string; message: string } | null {
  for (const [i, p] of row.prices.entries()) {
    if (!refs.vkforg.has(p.vkforg)) return { field: `prices.${i}.vkforg`, message: INTEGRATION_MSG.vkforgUnknown };
  }
  for (const [i, l] of row.listings.entries()) {
    if (!refs.vkforg.has(l.vkforg)) return { field: `listings.${i}.vkforg`, message: INTEGRATION_MSG.vkforgUnknown };
  }
  for (const [i, s] of row.suppliers.entries()) {
    if (!refs.supplier.has(s.supplier)) {
      return { field: `suppliers.${i}.supplier`, message: INTEGRATION_MSG.supplierUnknown };
    }
  }
  return null;
}

/**
 * Upserts articles by their natural key (firma + number) with everything that hangs off them. Every row is
 * checked on its own; refused rows change nothing, the accepted ones are written in the caller's
 * transaction. A row equal to what is stored writes nothing (no timestamp either, so devices fetch nothing);
 * a changed one is stamped (updated_at), so the devices' article cache fetches it with its next delta.
 */
export async function importArticles(db: Db, rows: BodyRow[], options: ImportOptions = {}): Promise<ImportResult> {
  const keep = options.keep ?? new Set<string>();
  const rejections = new Rejections();
  const prepared: Prepared[] = [];
  for (const { index, row } of validateRows(importArticleRowSchema, rows, rejections)) {
    const p = prepare(index, row, rejections);
    if (p) prepared.push(p);
  }
  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  await repo.lockArticleImport(db);
  const firmaIds = [...new Set(prepared.map((p) => p.row.firma))];
  const knownFirmas = new Set((await repo.findFirmas(db, firmaIds)).map((f) => f.id));
  const vkforgs = await repo.findVkforgs(db, firmaIds);
  const suppliers = await repo.findSuppliers(db, firmaIds);
  let nextId = (await repo.highestArticleId(db)) + 1;
  for (const firmaId of firmaIds) {
    const rowsOfFirma = prepared.filter((p) => p.row.firma === firmaId);
    if (!knownFirmas.has(firmaId)) {
      for (const p of rowsOfFirma) rejections.add(p.index, 'firma', INTEGRATION_MSG.firmaUnknown);
      continue;
    }
    const refs: References = {
      vkforg: new Map(vkforgs.filter((v) => v.firma_id === firmaId).map((v) => [v.vkforg, v.id])),
      supplier: new Map(suppliers.filter((s) => s.firma_id === firmaId).map((s) => [s.number, s.id])),
    };
    const numbers = new Set<string>();
    const claimedCodes = new Set<string>();
    const claimedPlus = new Set<string>();
    for (let start = 0; start < rowsOfFirma.length; start += BATCH) {
      const batch = rowsOfFirma.slice(start, start + BATCH).filter((p) => {
        const reference = unknownReference(p.row, refs);
        if (reference) rejections.add(p.index, reference.field, reference.message);
        else if (numbers.has(p.row.number)) rejections.add(p.index, 'number', INTEGRATION_MSG.duplicateInRequest);
        numbers.add(p.row.number);
        return !rejections.has(p.index);
      });
      const claimed = { claimedCodes, claimedPlus };
      const result = await writeBatch(db, firmaId, batch, refs, rejections, claimed, nextId, keep);
      nextId = result.nextId;
      counts.inserted += result.inserted;
      counts.updated += result.updated;
      counts.unchanged += result.unchanged;
    }
  }
  const list = rejections.sorted();
  return { ...counts, rejected: list.length, rejections: list };
}

async function writeBatch(
  db: Db,
  firmaId: number,
  batch: Prepared[],
  refs: References,
  rejections: Rejections,
  claimed: { claimedCodes: Set<string>; claimedPlus: Set<string> },
  firstNewId: number,
  keep: ReadonlySet<string>,
) {
  // A row without some columns is another request than the full row: the hash says which were left out.
  const leftOut = [...keep].sort().join(',');
  const digests = new Map(
    batch.map((p) => [p, hash('sha256', `${JSON.stringify(rowParts(p, refs))}${leftOut}`, 'hex')]),
  );
  const stamps = new Map(
    (
      await repo.findImportStamps(
        db,
        firmaId,
        batch.map((p) => p.row.number),
      )
    ).map((a) => [a.number, a]),
  );
  // Rows this import wrote last time and nothing has changed since: equal hash, equal row.
  const sameAsImported = (p: Prepared) => {
    const stamp = stamps.get(p.row.number);
    return stamp?.untouched === true && stamp.import_hash === digests.get(p);
  };
  const stored = new Map(
    (
      await repo.findStoredArticles(
        db,
        firmaId,
        batch.filter((p) => stamps.has(p.row.number) && !sameAsImported(p)).map((p) => p.row.number),
      )
    ).map((a) => [a.number, a]),
  );
  const codeOwners = new Map(
    (
      await repo.findCodeOwners(
        db,
        firmaId,
        batch.flatMap((p) => p.codes.map((c) => c.gtin14)),
      )
    ).map((o) => [o.gtin14, o.article_id]),
  );
  const pluOwners = new Map(
    (
      await repo.findPluOwners(
        db,
        firmaId,
        batch.flatMap((p) => (p.row.scalePlu ? [p.row.scalePlu] : [])),
      )
    ).map((o) => [o.scale_plu, o.id]),
  );
  let nextId = firstNewId;
  const toInsert: { id: number; p: Prepared }[] = [];
  const toUpdate: { id: number; p: Prepared; kept: repo.StoredArticle | undefined }[] = [];
  let unchanged = 0;
  for (const p of batch) {
    const existing = stored.get(p.row.number);
    const ownId = stamps.get(p.row.number)?.id;
    const before = existing ? storedParts(existing) : undefined;
    const row = rowParts(p, refs);
    // Codes and prices name units, and codes carry their unit's factor: a file that changes the units and leaves
    // them out would leave them pointing at units that are gone or at old factors.
    const unitsChange = before !== undefined && JSON.stringify(row.units) !== JSON.stringify(before.units);
    const listsLeftOut =
      (keep.has('codes') && (before?.codes.length ?? 0) > 0) ||
      (keep.has('prices') && (before?.prices.length ?? 0) > 0);
    if (unitsChange && listsLeftOut) {
      rejections.add(p.index, 'units', INTEGRATION_MSG.unitsNeedLists);
      continue;
    }
    const takenCode = p.codes.findIndex((c) => {
      const owner = codeOwners.get(c.gtin14);
      return (owner !== undefined && owner !== ownId) || claimed.claimedCodes.has(c.gtin14);
    });
    if (takenCode >= 0) {
      rejections.add(p.index, `codes.${takenCode}.code`, INTEGRATION_MSG.codeTaken);
      continue;
    }
    const plu = p.row.scalePlu;
    if (plu) {
      const owner = pluOwners.get(plu);
      if ((owner !== undefined && owner !== ownId) || claimed.claimedPlus.has(plu)) {
        rejections.add(p.index, 'scalePlu', 'Die Waagen-PLU gehört bereits zu einem anderen Artikel');
        continue;
      }
      claimed.claimedPlus.add(plu);
    }
    for (const c of p.codes) claimed.claimedCodes.add(c.gtin14);
    if (ownId === undefined) toInsert.push({ id: nextId++, p });
    else if (sameAsImported(p)) unchanged++;
    else if (before && JSON.stringify(withKept(row, before, keep)) === JSON.stringify(before)) unchanged++;
    else toUpdate.push({ id: ownId, p, kept: existing });
  }
  await repo.updateArticles(
    db,
    toUpdate.map(({ id, p, kept }) => {
      const fields = articleFields(id, p.row, digests.get(p) ?? '');
      if (kept && keep.has('designation2')) fields.designation2 = kept.designation2;
      if (kept && keep.has('scalePlu')) fields.scale_plu = kept.scale_plu;
      return fields;
    }),
  );
  const keptTables = new Set<string>(keptLists(keep).map((l) => KEPT_LISTS[l]));
  await repo.deleteDependentRows(
    db,
    toUpdate.map((u) => u.id),
    keptTables,
  );
  await bulkInsert(
    db,
    'article',
    toInsert.map(({ id, p }) => ({ ...articleFields(id, p.row, ''), firma_id: firmaId, number: p.row.number })),
  );
  // A new article's left-out lists are empty: nothing to write for them either.
  await insertDependentRows(db, firmaId, [...toInsert, ...toUpdate], refs, keptTables);
  await repo.stampInserted(
    db,
    toInsert.map(({ id, p }) => ({ id, import_hash: digests.get(p) ?? '' })),
  );
  return { nextId, inserted: toInsert.length, updated: toUpdate.length, unchanged };
}

const articleFields = (id: number, row: ImportArticleRow, importHash: string): repo.ArticleFields => ({
  id,
  import_hash: importHash,
  designation1: row.designation1,
  designation2: row.designation2,
  department: row.department,
  base_unit: row.baseUnit,
  scale_plu: row.scalePlu,
});

async function insertDependentRows(
  db: Db,
  firmaId: number,
  written: { id: number; p: Prepared }[],
  refs: References,
  keptTables: ReadonlySet<string>,
) {
  const firma_id = firmaId;
  const insert = (table: Parameters<typeof bulkInsert>[1], rows: readonly object[]) =>
    keptTables.has(table) ? Promise.resolve() : bulkInsert(db, table, rows);
  await insert(
    'article_unit',
    written.flatMap(({ id, p }) =>
      p.row.units.map((u) => ({
        firma_id,
        article_id: id,
        unit: u.unit,
        factor: u.factor,
        weight_grams: u.weightGrams,
        is_base: u.unit === p.row.baseUnit,
      })),
    ),
  );
  await insert(
    'article_code',
    written.flatMap(({ id, p }) =>
      p.codes.map((c) => ({
        firma_id,
        gtin14: c.gtin14,
        article_id: id,
        code_type: c.type,
        unit: c.unit,
        factor: c.factor,
      })),
    ),
  );
  await insert(
    'article_price',
    written.flatMap(({ id, p }) =>
      p.row.prices.map((x) => ({
        firma_id,
        vkforg_id: refs.vkforg.get(x.vkforg),
        article_id: id,
        scale: x.scale,
        min_quantity: x.minQuantity,
        unit: x.unit,
        per: x.per,
        price_cents: x.priceCents,
        valid_from: x.validFrom,
      })),
    ),
  );
  await insert(
    'article_supplier',
    written.flatMap(({ id, p }) =>
      p.row.suppliers.map((x) => ({
        firma_id,
        article_id: id,
        supplier_id: refs.supplier.get(x.supplier),
        supplier_article_number: x.supplierArticleNumber,
        min_order_quantity: x.minOrderQuantity,
        order_unit: x.orderUnit,
        order_factor: x.orderFactor,
        is_main: x.isMain,
      })),
    ),
  );
  await insert(
    'article_listing',
    written.flatMap(({ id, p }) =>
      p.row.listings.map((x) => ({
        firma_id,
        vkforg_id: refs.vkforg.get(x.vkforg),
        article_id: id,
        listed_since: x.listedSince,
        target_stock: x.targetStock,
        min_stock: x.minStock,
      })),
    ),
  );
}
