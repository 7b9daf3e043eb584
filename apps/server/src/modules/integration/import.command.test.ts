import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ARTICLE_ERROR_CODES,
  ARTICLE_MSG,
  IMPORT_KINDS_IN_ORDER,
  INTEGRATION_MSG,
  QUANTITY_MSG,
  SAFE_INPUT_MSG,
  VALUE_MSG,
} from '@mde/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '../../seed/article-generator';
import { modeOf } from '../../test/file-modes';
import { runAdminCommand } from '../../test/run-admin-command';
import { DEMO, useTestApp } from '../../test/test-app';
import { reportPathOf } from './import.command';

// `npm run import -- <kind> <file>` with the example files of docs/import/ and variants of them as other
// tools write them: ',' instead of ';', Windows-1252, no BOM, a broken line.

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/import');
const t = useTestApp();
const demo = t.login(DEMO);
// IMP-102's code in docs/import/articles.csv (a UPC-A).
const IMP_102_CODE = '429000000016';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const runImport = (...args: string[]) => runAdminCommand(t.app, ['import', ...args]);

/** Firma 1's newest article and a read of its stock in warehouse L02 of store 1100 (id 1102). */
async function newestArticleStock() {
  const a = await t.db
    .selectFrom('article')
    .select(['id', 'number'])
    .where('firma_id', '=', 1)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const stock = () =>
    t.db
      .selectFrom('article_stock')
      .select(['quantity', 'dispo_quantity'])
      .where('article_id', '=', a.id)
      .where('warehouse_id', '=', 1102)
      .executeTakeFirst();
  return { a, stock };
}

const article = (number: string) =>
  t.db.selectFrom('article').selectAll().where('firma_id', '=', 1).where('number', '=', number).executeTakeFirst();

describe('npm run import', () => {
  it('imports every example file of docs/import in order, and a second run changes nothing', async () => {
    const kinds = IMPORT_KINDS_IN_ORDER;
    // The README tells ERP teams the same order, as a numbered list of the kinds.
    const readme = fs.readFileSync(path.join(docs, 'README.md'), 'utf8');
    const listed = [...readme.matchAll(/^\d+\. (.+)$/gm)].flatMap((m) => [...(m[1] ?? '').matchAll(/`([a-z-]+)`/g)]);
    expect(listed.map((m) => m[1])).toEqual(kinds);
    for (const kind of kinds) {
      const run = await runImport(kind, path.join(docs, `${kind}.csv`));
      expect({ kind, code: run.code, err: run.err }).toEqual({ kind, code: 0, err: [] });
      expect(run.out[0]).toContain('0 abgewiesen');
      expect(run.progress).toBeGreaterThan(0);
    }
    const apple = await article('IMP-100');
    expect(apple).toMatchObject({ designation1: 'Äpfel Elstar', designation2: 'Klasse I\nHerkunft Altes Land' });
    const prices = await t.db
      .selectFrom('article_price')
      .select(['vkforg_id', 'price_cents'])
      .where('article_id', '=', apple?.id ?? 0)
      .orderBy('vkforg_id')
      .execute();
    expect(prices).toEqual([
      { vkforg_id: 11, price_cents: 89 },
      { vkforg_id: expect.any(Number), price_cents: 95 },
    ]);
    const listing = await t.db
      .selectFrom('article_listing')
      .innerJoin('article', 'article.id', 'article_listing.article_id')
      .select('target_stock')
      .where('article.number', '=', 'IMP-101')
      .executeTakeFirstOrThrow();
    expect(listing.target_stock).toBe(20.5);
    for (const kind of kinds) {
      const again = await runImport(kind, path.join(docs, `${kind}.csv`));
      expect(again.out[0]).toMatch(/: 0 neu, 0 geändert, \d+ unverändert, (0 entfernt, )?0 abgewiesen/);
    }
    // The figures of turnover.csv and open-orders.csv, read the German way, in the Artikel-Info of store 1100.
    const detail = (await demo({ method: 'GET', url: `/api/v1/articles/${apple?.id}` })).json();
    expect(detail.turnover.slice(0, 2)).toEqual([
      {
        month: '2026-10',
        amountCents: 107156,
        quantity: 1204,
        previousYearAmountCents: 31920,
        previousYearQuantity: 380,
      },
      {
        month: '2026-09',
        amountCents: 36668,
        quantity: 412,
        previousYearAmountCents: null,
        previousYearQuantity: null,
      },
    ]);
    expect(detail.openOrders).toEqual([
      {
        orderNumber: 'B-2026-0815',
        supplierName: 'Nordfrucht Großhandel GmbH',
        orderDate: '2026-11-20',
        quantity: 4,
        unit: 'KI',
        deliveryDate: '2026-12-02',
      },
    ]);
  });

  it('reads a Windows-1252 file without BOM, separated by commas, with decimal commas in quotes', async () => {
    const file = path.join(dir, 'kohl.csv');
    const text =
      'Firma,Artikelnummer,Bezeichnung 1,Bezeichnung 2,Abteilung,Basiseinheit,Waagen-PLU,Einheiten,Codes,Preise,Lieferanten,Listungen\r\n' +
      '1,IMP-200,Rotkohl süß-sauer,Glas 720 ml,Konserven,ST,,ST:1:900,,"1100:ST:1,49:01.01.2026",,"1100:01.01.2026:12,5:3"\r\n';
    fs.writeFileSync(file, Buffer.from(text, 'latin1'));
    const run = await runImport('articles', file);
    expect(run.code).toBe(0);
    expect(run.out[0]).toContain("windows-1252, Trennzeichen ','");
    expect(await article('IMP-200')).toMatchObject({ designation1: 'Rotkohl süß-sauer', department: 'Konserven' });
  });

  it('takes an article file without the optional columns: stored articles keep those, new ones start without', async () => {
    expect((await runImport('articles', path.join(docs, 'articles.csv'))).code).toBe(0);
    const listsOf = async (number: string) => {
      const id = (await article(number))?.id ?? 0;
      const count = async (table: 'article_code' | 'article_price' | 'article_supplier' | 'article_listing') =>
        (await t.db.selectFrom(table).select('article_id').where('article_id', '=', id).execute()).length;
      return [
        await count('article_code'),
        await count('article_price'),
        await count('article_supplier'),
        await count('article_listing'),
      ];
    };
    const before = await listsOf('IMP-100');
    expect(before).toEqual([2, 2, 1, 2]);
    const file = path.join(dir, 'namen.csv');
    fs.writeFileSync(
      file,
      'Firma;Artikelnummer;Bezeichnung 1;Abteilung;Basiseinheit;Einheiten\n' +
        '1;IMP-100;Äpfel Elstar (neue Ernte);Obst;ST;ST:1:180|KI:12:2200\n' +
        '1;IMP-390;Quitten;Obst;ST;ST:1:250\n' +
        // The units change, and the file has no codes or prices that would name them.
        '1;IMP-101;Weißkohl;Gemüse;KG;KG:1:1000|KI:8\n',
    );
    const run = await runImport('articles', file);
    expect(run.out[0]).toContain('1 neu, 1 geändert, 0 unverändert, 1 abgewiesen');
    const report = parse(fs.readFileSync(reportPathOf(file), 'utf8'), { bom: true, delimiter: ';' });
    expect(report[1]).toEqual(['4', 'Einheiten', INTEGRATION_MSG.unitsNeedLists]);
    expect(await article('IMP-100')).toMatchObject({
      designation1: 'Äpfel Elstar (neue Ernte)',
      designation2: 'Klasse I\nHerkunft Altes Land',
    });
    expect(await listsOf('IMP-100')).toEqual(before);
    expect(await listsOf('IMP-390')).toEqual([0, 0, 0, 0]);
    // The same file again changes nothing; the full file after it sets what the short one left alone.
    expect((await runImport('articles', file)).out[0]).toContain('0 neu, 0 geändert, 2 unverändert');
    expect((await runImport('articles', path.join(docs, 'articles.csv'))).out[0]).toContain('0 neu, 1 geändert');
  });

  it('writes refused and broken lines with line, column and German reason beside the file and exits non-zero', async () => {
    const file = path.join(dir, 'lieferanten.csv');
    fs.writeFileSync(
      file,
      'Firma;Lieferant;Name\n1;L-800001;Gut\n1;L-800002\n1;L-8"00003;Anführungszeichen mitten im Feld\n' +
        '77;L-800004;Unbekannte Firma\n1;L-800005;Auch gut\n',
    );
    const run = await runImport('suppliers', file);
    expect(run.code).toBe(1);
    expect(modeOf(reportPathOf(file))).toBe('0600');
    const report = fs.readFileSync(reportPathOf(file), 'utf8');
    expect(report.startsWith('\uFEFFZeile;Spalte;Grund\n')).toBe(true);
    const lines: string[][] = parse(report, { bom: true, delimiter: ';' });
    const broken = 'Die Zeile ist kein gültiger CSV-Datensatz (Anführungszeichen oder Spaltenzahl)';
    expect(lines[0]).toEqual(['Zeile', 'Spalte', 'Grund']);
    expect(lines).toContainEqual(['3', '', broken]);
    expect(lines).toContainEqual(['4', '', broken]);
    expect(lines.slice(3)).toEqual([['5', 'Firma', 'Die Firma ist unbekannt']]);
    const stored = await t.db.selectFrom('supplier').select('number').where('number', 'like', 'L-80000%').execute();
    expect(stored.map((s) => s.number).sort()).toContain('L-800001');
  });

  it('names the right line after a cell with a line break in a Windows file (CR LF inside the quotes)', async () => {
    const file = path.join(dir, 'lieferanten-crlf.csv');
    fs.writeFileSync(
      file,
      'Firma;Lieferant;Name\r\n1;L-810001;"Obsthof\r\nAltes Land"\r\n1;L-810002;Gut\r\n77;L-810003;Unbekannte Firma\r\n',
    );
    const run = await runImport('suppliers', file);
    expect(run.code).toBe(1);
    const lines: string[][] = parse(fs.readFileSync(reportPathOf(file), 'utf8'), { bom: true, delimiter: ';' });
    expect(lines.slice(1)).toEqual([['5', 'Firma', 'Die Firma ist unbekannt']]);
    const stored = await t.db.selectFrom('supplier').select('name').where('number', '=', 'L-810001').executeTakeFirst();
    expect(stored?.name).toBe('Obsthof\r\nAltes Land');
  });

  it('refuses the one line whose quote never closes and imports the lines after it', async () => {
    const file = path.join(dir, 'lieferanten-offen.csv');
    fs.writeFileSync(
      file,
      'Firma;Lieferant;Name\n1;L-820001;Gut\n1;L-820002;"Offen bis zum Ende\n1;L-820003;Danach\n1;L-820004;Auch danach\n',
    );
    const run = await runImport('suppliers', file);
    expect(run.code).toBe(1);
    expect(run.out[0]).toContain('3 neu, 0 geändert, 0 unverändert, 1 abgewiesen');
    const lines: string[][] = parse(fs.readFileSync(reportPathOf(file), 'utf8'), { bom: true, delimiter: ';' });
    expect(lines.slice(1)).toEqual([
      [
        '3',
        '',
        'Ein Anführungszeichen wird nicht richtig geschlossen: die Zeile wurde übersprungen, die folgenden gelesen',
      ],
    ]);
    const stored = await t.db.selectFrom('supplier').select('number').where('number', 'like', 'L-82000%').execute();
    expect(stored.map((r) => r.number).sort()).toEqual(['L-820001', 'L-820003', 'L-820004']);
  });

  it("refuses a stock line with more than three decimals with the app routes' reason and stores nothing of it", async () => {
    const { a, stock } = await newestArticleStock();
    const before = await stock();
    const file = path.join(dir, 'bestand.csv');
    fs.writeFileSync(
      file,
      'Firma;Artikelnummer;VKFORG;Lager;Bestand;Dispobestand;Bestellmenge;Nächste Lieferung\n' +
        `1;${a.number};1100;L02;1,0005;;;\n1;${a.number};1100;L02;7;2,0005;;\n`,
    );
    const run = await runImport('stock', file);
    expect(run.code).toBe(1);
    const lines: string[][] = parse(fs.readFileSync(reportPathOf(file), 'utf8'), { bom: true, delimiter: ';' });
    expect(lines.slice(1)).toEqual([
      ['2', 'Bestand', QUANTITY_MSG.decimals],
      ['3', 'Dispobestand', QUANTITY_MSG.decimals],
    ]);
    expect(await stock()).toEqual(before);
  });

  it('reads 1.200 as twelve hundred pieces, and refuses a price of 1,999 € or a quantity of 1.5 instead of guessing', async () => {
    const { a, stock } = await newestArticleStock();
    const stockFile = path.join(dir, 'bestand-tausend.csv');
    fs.writeFileSync(
      stockFile,
      'Firma;Artikelnummer;VKFORG;Lager;Bestand;Dispobestand;Bestellmenge;Nächste Lieferung\n' +
        `1;${a.number};1100;L02;1.200;1.234,5;;\n`,
    );
    expect((await runImport('stock', stockFile)).code).toBe(0);
    expect(await stock()).toEqual({ quantity: 1200, dispo_quantity: 1234.5 });

    fs.writeFileSync(
      stockFile,
      'Firma;Artikelnummer;VKFORG;Lager;Bestand;Dispobestand;Bestellmenge;Nächste Lieferung\n' +
        `1;${a.number};1100;L02;1.5;;;\n`,
    );
    const ambiguous = await runImport('stock', stockFile);
    expect(ambiguous.code).toBe(1);
    const stockReport: string[][] = parse(fs.readFileSync(reportPathOf(stockFile), 'utf8'), {
      bom: true,
      delimiter: ';',
    });
    expect(stockReport.slice(1)).toEqual([
      [
        '2',
        'Bestand',
        '„1.5“ ist keine eindeutige Zahl: Der Punkt trennt Tausender, das Komma Dezimalstellen (z. B. 1.200 oder 1,5)',
      ],
    ]);
    expect(await stock()).toEqual({ quantity: 1200, dispo_quantity: 1234.5 });

    const articleFile = path.join(dir, 'preis.csv');
    const header =
      'Firma;Artikelnummer;Bezeichnung 1;Bezeichnung 2;Abteilung;Basiseinheit;Waagen-PLU;Einheiten;Codes;Preise;Lieferanten;Listungen\n';
    fs.writeFileSync(
      articleFile,
      `${header}1;IMP-300;Tafelwasser;;Getränke;ST;;ST:1;;1100:ST:0,49:01.01.2026;;\n` +
        `1;IMP-301;Apfelsaft;;Getränke;ST;;ST:1;;1100:ST:1,999:01.01.2026;;\n`,
    );
    const run = await runImport('articles', articleFile);
    expect(run.code).toBe(1);
    expect(run.out[0]).toContain('1 neu');
    const report: string[][] = parse(fs.readFileSync(reportPathOf(articleFile), 'utf8'), { bom: true, delimiter: ';' });
    expect(report.slice(1)).toEqual([
      ['3', 'Preise', '„1,999“ hat mehr als zwei Nachkommastellen: Preise werden in Cent gespeichert'],
    ]);
    expect(await article('IMP-301')).toBeUndefined();
  });

  it('names the last line stored when it stops halfway, and the same call again completes the file', async () => {
    // A database failure in the second chunk of 5,000 records: the trigger refuses one supplier number.
    await sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.number = 'L-BOOM' then raise exception 'Festplatte voll'; end if; return new; end $$`.execute(t.db);
    await sql`create trigger refuse_boom before insert on supplier for each row execute function refuse_boom()`.execute(
      t.db,
    );
    const file = path.join(dir, 'viele-lieferanten.csv');
    const numbers = Array.from({ length: 12_000 }, (_, i) =>
      i === 7_000 ? 'L-BOOM' : `L-6${String(i).padStart(5, '0')}`,
    );
    fs.writeFileSync(file, `Firma;Lieferant;Name\n${numbers.map((n) => `1;${n};Lieferant ${n}`).join('\n')}\n`);
    const suppliers = async () =>
      (
        await t.db
          .selectFrom('supplier')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where((eb) => eb.or([eb('number', 'like', 'L-6%'), eb('number', '=', 'L-BOOM')]))
          .executeTakeFirstOrThrow()
      ).n;
    try {
      const run = await runImport('suppliers', file);
      expect(run.code).toBe(1);
      // Line 1 is the header: records of lines 2–5001 form the first chunk.
      expect(run.err).toEqual([
        'Import abgebrochen (Festplatte voll). Gespeichert sind die Zeilen 2 bis 5001, die Zeilen danach nicht; ' +
          'derselbe Aufruf noch einmal übernimmt den Rest (schon gespeicherte Zeilen bleiben unverändert).',
      ]);
      expect(Number(await suppliers())).toBe(5_000);
    } finally {
      await sql`drop trigger refuse_boom on supplier`.execute(t.db);
      await sql`drop function refuse_boom()`.execute(t.db);
    }
    const again = await runImport('suppliers', file);
    expect(again.code, again.err.join('\n')).toBe(0);
    expect(again.out[0]).toContain('7000 neu, 0 geändert, 5000 unverändert, 0 abgewiesen');
    expect(Number(await suppliers())).toBe(12_000);
  });

  it('checks without writing on --dry-run', async () => {
    const file = path.join(dir, 'probe.csv');
    fs.writeFileSync(file, '\uFEFFFirma;Lieferant;Name\n1;L-700001;Probe\n');
    const run = await runImport('suppliers', file, '--dry-run');
    expect(run.code).toBe(0);
    expect(run.out[0]).toContain('Probelauf (nichts geschrieben)');
    expect(run.out[0]).toContain('1 neu');
    expect(
      await t.db.selectFrom('supplier').select('id').where('number', '=', 'L-700001').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('delists with --full what a complete file no longer holds, and never deletes it: devices drop it, a scan says so', async () => {
    const file = path.join(dir, 'voll.csv');
    const all = fs.readFileSync(path.join(docs, 'articles.csv'), 'utf8').split('\n');
    fs.writeFileSync(file, [all[0], all[1], all[2], ''].join('\n'));
    // The example files in order, as a go-live starts (the first test does the same; this one also runs alone).
    for (const kind of ['stores', 'warehouses', 'storage-locations', 'suppliers', 'articles']) {
      expect((await runImport(kind, path.join(docs, `${kind}.csv`))).code).toBe(0);
    }
    const lookup = (code: string) => demo({ method: 'GET', url: `/api/v1/articles/lookup/${code}` });
    expect((await lookup(IMP_102_CODE)).statusCode).toBe(200);
    const before = new Date().toISOString();

    const dry = await runImport('articles', file, '--full', '--dry-run');
    const wouldBe = Number(dry.out[0]?.match(/(\d+) würden ausgelistet/)?.[1]);
    expect(wouldBe).toBeGreaterThan(0);
    expect((await article('IMP-102'))?.delisted_at).toBeNull();

    const run = await runImport('articles', file, '--full');
    expect(run.code).toBe(0);
    expect(run.out[0]).toContain(`, ${wouldBe} ausgelistet`);
    expect((await article('IMP-102'))?.delisted_at).not.toBeNull();
    expect((await article('IMP-100'))?.delisted_at).toBeNull();

    // A scan of a delisted article says so; a code nobody knows is still unknown.
    for (const code of [IMP_102_CODE, DEMO_ARTICLES.milk.ean13]) {
      const res = await lookup(code);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: ARTICLE_ERROR_CODES.delisted, message: ARTICLE_MSG.articleDelisted });
    }
    expect((await lookup('4006381333931')).json().code).toBe(ARTICLE_ERROR_CODES.notFound);

    // The devices' cache: gone from a full sync, and in the removed ids of the next delta.
    const cache = async (query: string) =>
      (await demo({ method: 'GET', url: `/api/v1/articles/cache?${query}` })).json();
    const full = await cache('limit=2000');
    expect(full.nextCursor).toBeNull();
    const ids = full.items.map((i: { idartstamm: number }) => i.idartstamm);
    expect(ids).not.toContain(DEMO_ARTICLES.milk.idartstamm);
    expect(ids).toContain((await article('IMP-100'))?.id);
    const delta = await cache(`limit=2000&changedSince=${encodeURIComponent(before)}`);
    expect(delta.removedIds).toContain(DEMO_ARTICLES.milk.idartstamm);
    expect(delta.removedIds).toContain((await article('IMP-102'))?.id);

    // Listed again by the next complete file: found again.
    expect((await runImport('articles', path.join(docs, 'articles.csv'))).code).toBe(0);
    expect((await article('IMP-102'))?.delisted_at).toBeNull();
    expect((await lookup(IMP_102_CODE)).statusCode).toBe(200);
  });
  describe('turnover and open orders', () => {
    const TURNOVER_HEADER = 'Firma;Artikelnummer;VKFORG;Monat;Menge;Umsatz\n';
    const ORDERS_HEADER =
      'Firma;VKFORG;Bestellnummer;Artikelnummer;Menge;Einheit;Lieferant;Bestelldatum;Liefertermin\n';
    const reportOf = (file: string): string[][] =>
      parse(fs.readFileSync(reportPathOf(file), 'utf8'), { bom: true, delimiter: ';' }).slice(1);
    const turnoverOf = async (number: string, month: string) => {
      const a = await article(number);
      const rows = await sql<{ month: string; amount_cents: number; quantity: number }>`
        select to_char(t.first_month + make_interval(months => (m.i - 1)::int), 'YYYY-MM') as month,
               m.amount_cents, m.quantity
          from article_turnover t
          cross join lateral unnest(t.amount_cents, t.quantity) with ordinality as m(amount_cents, quantity, i)
         where t.article_id = ${a?.id ?? 0} and t.vkforg_id = 11`.execute(t.db);
      const found = rows.rows.find((r) => r.month === month);
      return found && { amountCents: Number(found.amount_cents), quantity: Number(found.quantity) };
    };
    const ordersOf = async (number: string) => {
      const a = await article(number);
      return t.db
        .selectFrom('article_open_order')
        .select(['vkforg_id', 'order_number', 'quantity', 'unit', 'delivery_date'])
        .where('article_id', '=', a?.id ?? 0)
        .orderBy('vkforg_id')
        .orderBy('order_number')
        .execute();
    };

    it('imports the example files before any other, in their order', async () => {
      for (const kind of ['stores', 'warehouses', 'storage-locations', 'suppliers', 'articles']) {
        expect((await runImport(kind, path.join(docs, `${kind}.csv`))).code).toBe(0);
      }
    });

    // One line per case: the cells as German Excel writes them, and what is stored or why the line is refused.
    it.each([
      ['09.2026', '412', '366,68', { month: '2026-09', amountCents: 36668, quantity: 412 }],
      ['9.2026', '1.204', '1.071,56', { month: '2026-09', amountCents: 107156, quantity: 1204 }],
      ['01.08.2026', '87,25', '112,5', { month: '2026-08', amountCents: 11250, quantity: 87.25 }],
      ['2026-07', '-24', '-3,60', { month: '2026-07', amountCents: -360, quantity: -24 }],
      ['2026-06-01', '0,125', '0', { month: '2026-06', amountCents: 0, quantity: 0.125 }],
      ['09.2026', '1,0005', '1,00', ['Menge', QUANTITY_MSG.decimals]],
      [
        '09.2026',
        '1.5',
        '1,00',
        [
          'Menge',
          '„1.5“ ist keine eindeutige Zahl: Der Punkt trennt Tausender, das Komma Dezimalstellen (z. B. 1.200 oder 1,5)',
        ],
      ],
      [
        '09.2026',
        '1',
        '1,999',
        ['Umsatz', '„1,999“ hat mehr als zwei Nachkommastellen: Umsätze werden in Cent gespeichert'],
      ],
      ['15.09.2026', '1', '1,00', ['Monat', INTEGRATION_MSG.monthFormat]],
      ['13.2026', '1', '1,00', ['Monat', INTEGRATION_MSG.monthFormat]],
      ['10.0000', '1', '1,00', ['Monat', SAFE_INPUT_MSG.yearOutOfRange]],
      ['12.9999', '1', '1,00', ['Monat', INTEGRATION_MSG.monthInFuture]],
    ] as const)('turnover: Monat %j, Menge %j, Umsatz %j', async (month, quantity, amount, expected) => {
      const file = path.join(dir, 'umsatz-tabelle.csv');
      fs.writeFileSync(file, `${TURNOVER_HEADER}1;IMP-102;1100;${month};${quantity};${amount}\n`);
      const run = await runImport('turnover', file);
      if (Array.isArray(expected)) {
        expect(run.code).toBe(1);
        expect(reportOf(file)).toEqual([['2', ...expected]]);
      } else {
        expect({ code: run.code, err: run.err }).toEqual({ code: 0, err: [] });
        const { month: stored, ...figures } = expected as { month: string; amountCents: number; quantity: number };
        expect(await turnoverOf('IMP-102', stored)).toEqual(figures);
      }
    });

    it.each([
      ['1.200', 'FL', '31.12.2026', { quantity: 1200, unit: 'FL', delivery_date: '2026-12-31' }],
      ['2,5', 'KI', '', { quantity: 2.5, unit: 'KI', delivery_date: null }],
      ['2,0005', 'KI', '', ['Menge', QUANTITY_MSG.decimals]],
      ['-1', 'KI', '', ['Menge', QUANTITY_MSG.notNegative]],
      ['3', 'PAL', '', ['Einheit', INTEGRATION_MSG.unitUnknown]],
      ['3', '', '', ['Einheit', 'Pflichtfeld']],
      ['3', 'KI', '19.11.2026', ['Liefertermin', INTEGRATION_MSG.deliveryBeforeOrder]],
      ['3', 'KI', '31.02.2026', ['Liefertermin', VALUE_MSG.date]],
    ] as const)('open orders: Menge %j, Einheit %j, Liefertermin %j', async (quantity, unit, delivery, expected) => {
      const file = path.join(dir, 'bestellung-tabelle.csv');
      fs.writeFileSync(
        file,
        `${ORDERS_HEADER}1;1100;B-TABELLE;IMP-102;${quantity};${unit};L-900001;20.11.2026;${delivery}\n`,
      );
      const run = await runImport('open-orders', file);
      if (Array.isArray(expected)) {
        expect(run.code).toBe(1);
        expect(reportOf(file)).toEqual([['2', ...expected]]);
      } else {
        expect({ code: run.code, err: run.err }).toEqual({ code: 0, err: [] });
        expect(await ordersOf('IMP-102')).toEqual([{ vkforg_id: 11, order_number: 'B-TABELLE', ...expected }]);
      }
    });

    it('removes a line with Menge 0, and with --full every line of the stores in the file that it no longer holds', async () => {
      const file = path.join(dir, 'bestellungen.csv');
      const lines = [
        '1;1100;B-VOLL-1;IMP-101;10;KG;L-900002;20.11.2026;',
        '1;1100;B-VOLL-2;IMP-101;5;KG;L-900002;20.11.2026;',
        '1;1300;B-VOLL-3;IMP-100;1;KI;L-900001;20.11.2026;',
      ];
      fs.writeFileSync(file, ORDERS_HEADER + lines.join('\n'));
      expect((await runImport('open-orders', file)).out[0]).toContain('3 neu, 0 geändert, 0 unverändert, 0 entfernt');
      fs.writeFileSync(file, `${ORDERS_HEADER}1;1100;B-VOLL-2;IMP-101;0;;;;\n`);
      const removal = await runImport('open-orders', file);
      expect(removal.out[0]).toContain('0 neu, 0 geändert, 0 unverändert, 1 entfernt, 0 abgewiesen');
      const voll = (await ordersOf('IMP-101')).filter((o) => o.order_number.startsWith('B-VOLL'));
      expect(voll.map((o) => o.order_number)).toEqual(['B-VOLL-1']);

      // Store 1100's complete list: only B-VOLL-1 is still open there. Store 1300 is not in the file and stays.
      const inStore = async (vkforgId: number) =>
        (await t.db.selectFrom('article_open_order').select('order_number').where('vkforg_id', '=', vkforgId).execute())
          .map((o) => o.order_number)
          .sort();
      const before1100 = await inStore(11);
      const before1300 = await inStore(13);
      expect(before1100.length).toBeGreaterThan(1);
      fs.writeFileSync(file, `${ORDERS_HEADER}${lines[0]}\n1;1100;B-VOLL-4;IMP-101;1;PAL;L-900002;20.11.2026;\n`);
      const refused = await runImport('open-orders', file, '--full');
      expect(refused.code).toBe(1);
      expect(refused.out[0]).toContain('(--full: nichts weiter entfernt, weil Zeilen abgewiesen wurden)');
      expect(await inStore(11)).toEqual(before1100);

      fs.writeFileSync(file, `${ORDERS_HEADER}${lines[0]}\n`);
      const dry = await runImport('open-orders', file, '--full', '--dry-run');
      expect(dry.out[0]).toContain(`0 neu, 0 geändert, 1 unverändert, ${before1100.length - 1} würden entfernt`);
      expect(await inStore(11)).toEqual(before1100);
      const full = await runImport('open-orders', file, '--full');
      expect(full.code).toBe(0);
      expect(full.out[0]).toContain(`1 unverändert, ${before1100.length - 1} entfernt, 0 abgewiesen`);
      expect(await inStore(11)).toEqual(['B-VOLL-1']);
      expect(await inStore(13)).toEqual(before1300);
    });

    it('allows --full for articles and open orders only', async () => {
      const run = await runImport('turnover', path.join(docs, 'turnover.csv'), '--full');
      expect(run.code).toBe(2);
      expect(run.err[0]).toContain('--full gibt es nur für articles');
    });
  });
});
