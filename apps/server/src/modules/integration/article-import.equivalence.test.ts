import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withCheckDigit } from '@mde/contracts';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../admin/dispatch';
import type { AdminCommandContext } from '../../lib/admin-command';
import { useTestApp } from '../../test/test-app';
import { CSV_COLUMNS } from './csv-columns';
import { reportPathOf } from './import.command';

// The article import's result — counts, refusals, the report, every stored row and which articles got a new
// change stamp — for files with new, changed, unchanged, refused and no longer delivered articles. The snapshot
// was recorded with the row-by-row upsert the set-wise merge replaced; both databases must give it unchanged.

const t = useTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-import-eq-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const FIRMA = 9100;
// The article file's columns, as the import reads them.
const HEADER = CSV_COLUMNS.articles.headers;

/** An article line of firma 9100 (stores 91/92, suppliers S-1/S-2); `n` picks its codes. */
function line(number: string, n: number, change: Partial<Record<string, string>> = {}) {
  const ean = (k: number) => `40${String(1000000000 + k).slice(-10)}`;
  const cells: Record<string, string> = {
    Firma: String(FIRMA),
    Artikelnummer: number,
    'Bezeichnung 1': `Artikel ${number}`,
    'Bezeichnung 2': n % 2 === 0 ? 'zweite Zeile' : '',
    Abteilung: n % 3 === 0 ? 'Obst' : 'Getränke',
    Basiseinheit: 'ST',
    'Waagen-PLU': '',
    Einheiten: 'ST:1:500|KI:6:3000',
    Codes: `${withCheckDigit(ean(n * 2))}:ST|${withCheckDigit(`1${ean(n * 2 + 1)}`)}:KI`,
    Preise: `91:ST:${n},${String(n % 100).padStart(2, '0')}:01.01.2026|92:ST:${n + 1},10:01.01.2026|91:KI:${n * 5},00:01.01.2026:2:6`,
    Lieferanten: `S-1:L${n}:KI:6:1:H|S-2:M${n}:ST:1:12`,
    Listungen: `91:01.01.2026:${n}:2|92:15.02.2026:10:1`,
    ...change,
  };
  return cells;
}

function csv(header: string[], rows: Record<string, string>[]) {
  const quote = (v: string) => (/[;"\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return `${[header, ...rows.map((r) => header.map((h) => r[h] ?? ''))].map((r) => r.map(quote).join(';')).join('\n')}\n`;
}

async function runImport(name: string, content: string, ...flags: string[]) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  const lines = { out: [] as string[], err: [] as string[] };
  const context: AdminCommandContext = {
    database: t.app.database,
    env: t.app.env,
    out: (l) => lines.out.push(l),
    err: (l) => lines.err.push(l.replaceAll(dir, '<dir>')),
    progress: () => undefined,
  };
  const code = await runCommand(context, ['import', 'articles', file, ...flags]);
  const report = fs.existsSync(reportPathOf(file)) ? fs.readFileSync(reportPathOf(file), 'utf8') : '';
  return { code, ...lines, report };
}

/** Every stored row of the firma's articles, by article number (ids as their order), and their change stamps. */
async function state() {
  const articles = (
    await sql<{
      id: number;
      number: string;
      designation1: string;
      designation2: string;
      department: string;
      base_unit: string;
      scale_plu: string | null;
      delisted: boolean;
      hashed: boolean;
      stamp: string;
    }>`select id, number, designation1, designation2, department, base_unit, scale_plu,
        delisted_at is not null as delisted, import_hash is not null as hashed, updated_at::text as stamp
      from article where firma_id = ${FIRMA} order by id`.execute(t.db)
  ).rows;
  const numberOf = new Map(articles.map((a) => [a.id, a.number]));
  const dependent = async (table: string, columns: string) =>
    (
      await sql<Record<string, unknown>>`select ${sql.raw(columns)}, article_id from ${sql.table(table)}
        where firma_id = ${FIRMA}`.execute(t.db)
    ).rows
      .map(({ article_id, ...rest }) => JSON.stringify({ article: numberOf.get(article_id as number), ...rest }))
      .sort();
  return {
    articles: articles.map(({ id: _id, stamp: _stamp, ...a }) => a),
    stamps: new Map(articles.map((a) => [a.number, a.stamp])),
    units: await dependent('article_unit', 'unit, factor, weight_grams, is_base'),
    codes: await dependent('article_code', 'gtin14, code_type, unit, factor'),
    prices: await dependent('article_price', 'vkforg_id, scale, min_quantity, unit, per, price_cents, valid_from'),
    suppliers: await dependent(
      'article_supplier',
      'supplier_id, supplier_article_number, min_order_quantity, order_unit, order_factor, is_main',
    ),
    listings: await dependent('article_listing', 'vkforg_id, listed_since, target_stock, min_stock'),
    summary: await dependent(
      'article_summary',
      'vkforg_id, number, designation1, designation2, department, base_unit, scale_plu, main_code, price_cents',
    ),
  };
}

/** The run's answer and what it left stored, with the articles whose change stamp it moved. */
async function step(name: string, content: string, ...flags: string[]) {
  const before = await state();
  // A new stamp is a later transaction's now(): make sure the clock has moved on since the last run.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const run = await runImport(name, content, ...flags);
  const after = await state();
  const stamped = [...after.stamps].filter(([number, stamp]) => before.stamps.get(number) !== stamp).map(([n]) => n);
  const { stamps: _stamps, ...stored } = after;
  return { run, stamped: stamped.sort(), stored };
}

describe('article import: the set-wise merge gives the row-by-row upsert result', () => {
  it('inserts, updates, leaves unchanged, refuses and delists exactly as recorded', async () => {
    await sql`insert into firma (id, kurzbezeichnung) values (${FIRMA}, 'Gleichheit')`.execute(t.db);
    await sql`insert into vkforg (id, firma_id, vkforg, kurzbezeichnung)
      values (91001, ${FIRMA}, '91', 'Filiale 91'), (91002, ${FIRMA}, '92', 'Filiale 92')`.execute(t.db);
    await sql`insert into supplier (id, firma_id, number, name)
      values (9100001, ${FIRMA}, 'S-1', 'Eins'), (9100002, ${FIRMA}, 'S-2', 'Zwei')`.execute(t.db);
    const numbers = Array.from({ length: 12 }, (_, i) => `EQ-${String(i + 1).padStart(3, '0')}`);
    const first = await step(
      'first.csv',
      csv(HEADER, [
        ...numbers.map((number, i) => line(number, i + 1)),
        line('EQ-013', 13, { 'Waagen-PLU': '12345', Basiseinheit: 'KG', Einheiten: 'KG:1', Codes: '', Preise: '' }),
      ]),
      '--full',
    );

    const code = (n: number) => line('x', n).Codes?.split('|')[0]?.split(':')[0] ?? '';
    const second = await step(
      'second.csv',
      csv(HEADER, [
        line('EQ-001', 1),
        line('EQ-002', 2),
        line('EQ-003', 3),
        line('EQ-004', 4, { 'Bezeichnung 1': 'Neu benannt' }),
        line('EQ-005', 5, { Preise: '91:ST:9,99:01.01.2026' }),
        line('EQ-006', 6, { Einheiten: 'ST:1:500|KI:12:6000', Codes: `${code(60)}:ST|${code(61)}:KI` }),
        line('EQ-007', 7, { Listungen: '91:01.01.2026:7:2' }),
        // EQ-008 and EQ-009 are not delivered any more: --full delists them.
        line('EQ-011', 11),
        line('EQ-010', 10),
        line('EQ-012', 12, { 'Bezeichnung 2': '' }),
        line('EQ-013', 13, { 'Waagen-PLU': '12345', Basiseinheit: 'KG', Einheiten: 'KG:1', Codes: '', Preise: '' }),
        line('EQ-020', 20),
        line('EQ-021', 21),
        line('EQ-022', 22, { Codes: `${code(1)}:ST` }),
        line('EQ-020', 23),
        line('EQ-024', 24, { Preise: '99:ST:1,00:01.01.2026' }),
        line('EQ-025', 25, { Preise: '91:ST:abc:01.01.2026' }),
        line('EQ-026', 26, { 'Waagen-PLU': '12345' }),
        line('EQ-027', 27, { Basiseinheit: 'KG' }),
        line('EQ-028', 28, { Codes: '4012345678901:ST' }),
        line('EQ-029', 29, { Codes: `${code(21)}:ST` }),
        line('EQ-030', 30, { Lieferanten: 'S-9:X:ST:1:1' }),
        line('EQ-031', 31, { Firma: '9199' }),
        line('EQ-032', 32, { 'Waagen-PLU': '54321' }),
        line('EQ-033', 33, { 'Waagen-PLU': '54321' }),
      ]),
      '--full',
    );

    // Without the optional columns: the stored codes, prices, second designation and PLU stay.
    const partial = HEADER.filter((h) => !['Bezeichnung 2', 'Codes', 'Preise', 'Waagen-PLU'].includes(h));
    const thirdFile = csv(partial, [
      line('EQ-004', 4, { 'Bezeichnung 1': 'Noch einmal neu' }),
      line('EQ-005', 5, { Einheiten: 'ST:1:500|KI:10:5000' }),
      line('EQ-008', 8),
      line('EQ-013', 13, { Basiseinheit: 'KG', Einheiten: 'KG:1' }),
      line('EQ-020', 20, { Abteilung: 'Neu' }),
      line('EQ-040', 40),
    ]);
    const third = await step('third.csv', thirdFile);
    const again = await step('third-again.csv', thirdFile);

    await expect(JSON.stringify({ first, second, third, again }, null, 1)).toMatchFileSnapshot(
      './__snapshots__/article-import.equivalence.json',
    );
    // Run again unchanged: nothing written, no stamp moved.
    expect(again.stamped).toEqual([]);
    expect(again.run.out.join('')).toContain('0 neu, 0 geändert, 5 unverändert, 1 abgewiesen');
  });
});
