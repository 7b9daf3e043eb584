import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_IMPORT_MSG, type DocumentSummary, INTEGRATION_MSG, QUANTITY_MSG } from '@mde/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../test/run-admin-command';
import { DEMO, useTestApp } from '../../test/test-app';
import { reportPathOf } from './import.command';

// `npm run import -- purchase-orders|delivery-notes <file>`: one CSV line per document line, the document's
// columns repeated, the lines of a document wherever they stand in the file; numbers and dates the German way.

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/import');
const t = useTestApp();
const demo = t.login(DEMO);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-document-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const runImport = (...args: string[]) => runAdminCommand(t.app, ['import', ...args]);
const reportOf = (file: string): string[][] =>
  parse(fs.readFileSync(reportPathOf(file), 'utf8'), { bom: true, delimiter: ';' }).slice(1);

const ORDER_HEADER =
  'Firma;VKFORG;Bestellung;Lieferant;Bestelldatum;Liefertermin;Bezugsnummer;Barcode;Artikelnummer;Einheit;Menge\n';
const NOTE_HEADER = 'Firma;VKFORG;Lieferant;Lieferschein;Datum;Bestellung;Barcode;Artikelnummer;Code;Einheit;Menge\n';
function write(name: string, text: string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}
const orderLines = async (number: string) =>
  t.db
    .selectFrom('purchase_order_line as l')
    .innerJoin('purchase_order as o', 'o.id', 'l.order_id')
    .innerJoin('article as a', 'a.id', 'l.article_id')
    .where('o.number', '=', number)
    .select(['a.number', 'l.unit', 'l.quantity'])
    .orderBy('l.line_no')
    .execute();

// The master data the documents name: the example files in the order of docs/import/README.md.
beforeAll(async () => {
  for (const kind of ['stores', 'warehouses', 'storage-locations', 'suppliers', 'articles']) {
    const run = await runImport(kind, path.join(docs, `${kind}.csv`));
    expect({ kind, code: run.code, err: run.err }).toEqual({ kind, code: 0, err: [] });
  }
});

describe('npm run import of documents', () => {
  it('imports the example files of both kinds, the app shows them, and a second run changes nothing', async () => {
    for (const kind of ['purchase-orders', 'delivery-notes']) {
      const run = await runImport(kind, path.join(docs, `${kind}.csv`));
      expect({ kind, code: run.code, err: run.err }).toEqual({ kind, code: 0, err: [] });
      expect(run.out[0]).toContain(': 2 neu, 0 geändert, 0 unverändert, 0 abgewiesen');
    }
    const orders: DocumentSummary[] = (
      await demo({ method: 'GET', url: '/api/v1/belege?variante=BESTELLUNG&nummer=45009' })
    ).json();
    expect(orders.map((o) => [o.number, o.supplierNumber, o.date, o.referenceNumber, o.lineCount]).sort()).toEqual([
      ['4500900001', 'L-900001', '2026-12-05', 'AB-0001-100200', 2],
      ['4500900002', 'L-900002', '2026-12-08', null, 1],
    ]);
    expect(await orderLines('4500900002')).toEqual([{ number: 'IMP-101', unit: 'KG', quantity: 12.5 }]);
    const notes: DocumentSummary[] = (await demo({ method: 'GET', url: '/api/v1/delivery-notes' })).json();
    const note = notes.find((n) => n.number === 'LS-900001');
    expect(note).toMatchObject({ status: 'offen', referenceNumber: '4500900001', date: '2026-12-05', lineCount: 2 });
    const detail = (await demo({ method: 'GET', url: `/api/v1/delivery-notes/${note?.id}` })).json();
    expect(
      detail.lines.map((l: { articleNumber: string; unit: string; expected: number }) => [
        l.articleNumber,
        l.unit,
        l.expected,
      ]),
    ).toEqual([
      ['IMP-100', 'KI', 4],
      ['IMP-102', 'FL', 24],
    ]);
    for (const kind of ['purchase-orders', 'delivery-notes']) {
      const again = await runImport(kind, path.join(docs, `${kind}.csv`));
      expect(again.out[0]).toContain(': 0 neu, 0 geändert, 2 unverändert, 0 abgewiesen');
    }
  });

  it('makes one document of its lines wherever they stand, and refuses one whose lines disagree, naming them', async () => {
    const file = write(
      'bestellungen.csv',
      ORDER_HEADER +
        '1;1100;4501000001;L-900001;01.12.2026;05.12.2026;;;IMP-100;KI;1\n' +
        '1;1100;4501000002;L-900002;01.12.2026;05.12.2026;;;IMP-101;KG;2\n' +
        '1;1100;4501000001;L-900001;2026-12-01;2026-12-05;;;IMP-102;FL;6\n' +
        '1;1100;4501000002;L-900002;01.12.2026;06.12.2026;;;IMP-100;ST;3\n' +
        '1;1100;4501000002;L-900002;01.12.2026;05.12.2026;;;IMP-102;FL;4\n',
    );
    const run = await runImport('purchase-orders', file);
    expect(run.code).toBe(1);
    expect(run.out[0]).toContain(': 1 neu, 0 geändert, 0 unverändert, 1 abgewiesen');
    expect(reportOf(file)).toEqual([
      ['3', 'Liefertermin', DOCUMENT_IMPORT_MSG.linesDisagree('3, 5, 6', 'Liefertermin')],
    ]);
    expect(await orderLines('4501000001')).toEqual([
      { number: 'IMP-100', unit: 'KI', quantity: 1 },
      { number: 'IMP-102', unit: 'FL', quantity: 6 },
    ]);
    expect(await orderLines('4501000002')).toEqual([]);
  });

  it('names the line and column of a refused line, and the document’s lines for a refused document', async () => {
    const file = write(
      'lieferscheine.csv',
      NOTE_HEADER +
        '1;1100;L-900001;LS-910001;05.12.2026;;;IMP-100;;ST;1\n' +
        '1;1100;L-900001;LS-910001;05.12.2026;;;IMP-404;;ST;1\n' +
        '1;1100;L-404;LS-910002;05.12.2026;;;IMP-100;;ST;1\n' +
        '1;1100;L-404;LS-910002;05.12.2026;;;IMP-101;;KG;1\n' +
        '1;1100;L-900001;LS-910003;05.12.2026;;;IMP-100;4290000000117;ST;1\n' +
        '1;1100;L-900001;LS-910004;05.12.2026;;;;4290000000117;KI;1\n' +
        '1;1100;L-900001;LS-910005;5.12.2026;;;IMP-101;;KG;1,5\n',
    );
    const run = await runImport('delivery-notes', file);
    expect(run.code).toBe(1);
    expect(run.out[0]).toContain(': 1 neu, 0 geändert, 0 unverändert, 4 abgewiesen');
    expect(reportOf(file)).toEqual([
      ['3', 'Artikelnummer', INTEGRATION_MSG.articleUnknown],
      ['4', 'Lieferant', `${INTEGRATION_MSG.supplierUnknown} (Beleg in den Zeilen 4, 5)`],
      ['6', 'Artikelnummer', DOCUMENT_IMPORT_MSG.articleOrCode],
      ['7', 'Einheit', DOCUMENT_IMPORT_MSG.unitOfCode],
    ]);
    const notes: DocumentSummary[] = (await demo({ method: 'GET', url: '/api/v1/delivery-notes' })).json();
    expect(notes.filter((n) => n.number.startsWith('LS-9100')).map((n) => [n.number, n.date])).toEqual([
      ['LS-910005', '2026-12-05'],
    ]);
  });

  it.each([
    [1, '1.200', 1200],
    [2, '1,5', 1.5],
    [3, '1.234,5', 1234.5],
    [4, '0,125', 0.125],
    [5, '999.999', 999_999],
    [6, '1,0005', QUANTITY_MSG.decimals],
    [
      7,
      '1.5',
      '„1.5“ ist keine eindeutige Zahl: Der Punkt trennt Tausender, das Komma Dezimalstellen (z. B. 1.200 oder 1,5)',
    ],
    [
      8,
      '1,200.50',
      '„1,200.50“ ist keine eindeutige Zahl: Der Punkt trennt Tausender, das Komma Dezimalstellen (z. B. 1.200 oder 1,5)',
    ],
    [9, '-2', QUANTITY_MSG.positive],
    [10, '0', QUANTITY_MSG.positive],
    [11, '1.000.000', 'Höchstens 999.999'],
  ])('case %i: reads the quantity %s the German way: %s, never rounded', async (n, cell, expected) => {
    const number = `45020000${String(n).padStart(2, '0')}`;
    const file = write(
      `menge-${number}.csv`,
      `${ORDER_HEADER}1;1100;${number};L-900002;01.12.2026;05.12.2026;;;IMP-101;KG;"${cell}"\n`,
    );
    const run = await runImport('purchase-orders', file);
    if (typeof expected === 'number') {
      expect(run.code, run.err.join('\n')).toBe(0);
      expect(await orderLines(number)).toEqual([{ number: 'IMP-101', unit: 'KG', quantity: expected }]);
    } else {
      expect(run.code).toBe(1);
      expect(reportOf(file)).toEqual([['2', 'Menge', expected]]);
      expect(await orderLines(number)).toEqual([]);
    }
  });

  it('imports nothing of a file with a broken line (a document would lack it), and nothing on --dry-run', async () => {
    const broken = write(
      'kaputt.csv',
      `${ORDER_HEADER}1;1100;4503000001;L-900001;01.12.2026;05.12.2026;;;IMP-100;KI;1\n` +
        '1;1100;4503000001;L-900001;01.12.2026;05.12.2026;;;"IMP-102;FL;6\n',
    );
    const run = await runImport('purchase-orders', broken);
    expect(run.code).toBe(1);
    expect(run.err[0]).toContain('nichts importiert');
    expect(reportOf(broken)).toHaveLength(1);
    expect(await orderLines('4503000001')).toEqual([]);

    const probe = write(
      'probe.csv',
      `${ORDER_HEADER}1;1100;4503000002;L-900001;01.12.2026;05.12.2026;;;IMP-100;KI;1\n`,
    );
    const dry = await runImport('purchase-orders', probe, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out[0]).toContain('Probelauf (nichts geschrieben)');
    expect(dry.out[0]).toContain('1 neu');
    expect(await orderLines('4503000002')).toEqual([]);
  });
});
