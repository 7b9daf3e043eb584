import fs from 'node:fs';
import path from 'node:path';
import { INTEGRATION_MSG } from '@mde/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestKey } from '../../test/test-keys';

// The integration API takes the same CSV files as `npm run import`, and its refusals name the file's lines.

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_REQUESTS_PER_MINUTE: '1000' });
  key = (await createTestKey(t.db, 'ERP', ['import:org', 'import:stock', 'import:articles', 'import:documents'])).key;
  // The store every test's warehouses belong to.
  await putCsv('stores', 'Firma;VKFORG;Name\n1;1300;Kiel Hafen\n');
});
afterAll(() => t.close());

const putCsv = (kind: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/integration/v1/${kind}`,
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${key}`, ...headers },
    payload: body,
  });

const docsFile = (name: string) => fs.readFileSync(path.resolve(__dirname, '../../../../../docs/import', name));

describe('CSV bodies of the integration API', () => {
  it('imports the documented example files as they are', async () => {
    const stores = await putCsv('stores', docsFile('stores.csv'));
    expect(stores.statusCode).toBe(200);
    expect(stores.json()).toMatchObject({ rejected: 0, rejections: [] });
    const warehouses = await putCsv('warehouses', docsFile('warehouses.csv'));
    expect(warehouses.json()).toMatchObject({ rejected: 0 });
    const again = await putCsv('warehouses', docsFile('warehouses.csv'));
    expect(again.json()).toMatchObject({ inserted: 0, updated: 0, rejected: 0 });
  });

  it('names the line and column of each refusal, also after a cell with a line break and a broken line', async () => {
    const body = [
      'Firma;VKFORG;Lager;Name',
      '1;1300;L71;"Lager',
      'mit Umbruch"',
      '1;1300;L72;"offen',
      '1;1300;L73;Gut',
      '1;9999;L74;Kein Markt',
      `1;1300;L75;"Zu lang ${'x'.repeat(200)}"`,
      '',
    ].join('\r\n');
    const answer = await putCsv('warehouses', body);
    expect(answer.statusCode).toBe(200);
    const result = answer.json();
    expect(result).toMatchObject({ inserted: 2, rejected: 3 });
    expect(
      result.rejections.map((r: { line: number; column: string; index: number }) => [r.index, r.line, r.column]),
    ).toEqual([
      [1, 4, ''],
      [3, 6, 'VKFORG'],
      [4, 7, 'Name'],
    ]);
    expect(result.rejections[1].message).toBe(INTEGRATION_MSG.vkforgUnknown);
  });

  it('reads Windows-1252 as German Excel saves it, and German numbers exactly', async () => {
    const body = Buffer.from('Firma;VKFORG;Lager;Name\n1;1300;L76;Kühlraum Süd\n', 'latin1');
    const answer = await putCsv('warehouses', body);
    expect(answer.json()).toMatchObject({ inserted: 1, rejected: 0 });
    const stored = await t.db
      .selectFrom('warehouse')
      .select('name')
      .where('number', '=', 'L76')
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('Kühlraum Süd');
  });

  it('refuses a header without the kind’s columns as a whole, in German, and writes nothing', async () => {
    const answer = await putCsv('warehouses', 'Firma;VKFORG;Name\n1;1300;Ohne Lager\n');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      code: 'CSV_COLUMNS_MISSING',
      message: `${INTEGRATION_MSG.csvColumnsMissing}: Lager (siehe docs/import/README.md)`,
    });
    const empty = await putCsv('warehouses', '');
    expect(empty.statusCode).toBe(400);
  });

  it('leaves what an article file has no column for as stored', async () => {
    const full =
      'Firma;Artikelnummer;Bezeichnung 1;Bezeichnung 2;Abteilung;Basiseinheit;Waagen-PLU;Einheiten;Codes;Preise;Lieferanten;Listungen\n' +
      '1;CSV-1;Feigen;getrocknet;Obst;ST;;ST:1;4290000000414:ST;1100:ST:2,49:01.01.2026;;1100:01.01.2026\n';
    expect((await putCsv('articles', full)).json()).toMatchObject({ inserted: 1, rejected: 0 });
    const short = 'Firma;Artikelnummer;Bezeichnung 1;Abteilung;Basiseinheit;Einheiten\n1;CSV-1;Feigen;Obst;ST;ST:1\n';
    expect((await putCsv('articles', short)).json()).toMatchObject({ unchanged: 1, rejected: 0 });
    const stored = await t.db
      .selectFrom('article')
      .innerJoin('article_code', 'article_code.article_id', 'article.id')
      .select(['article.designation2', 'article_code.gtin14'])
      .where('article.number', '=', 'CSV-1')
      .execute();
    expect(stored).toEqual([{ designation2: 'getrocknet', gtin14: '04290000000414' }]);
  });

  it('takes a document file whole or not at all: a broken line refuses the request, naming the line', async () => {
    const body =
      'Firma;VKFORG;Lieferant;Lieferschein;Datum;Bestellung;Barcode;Artikelnummer;Code;Einheit;Menge\n' +
      '1;1100;L-900001;LS-CSV-1;28.11.2026;;;IMP-100;;ST;4\n' +
      '1;1100;L-900001;"LS-CSV-1;28.11.2026;;;IMP-101;;KG;2\n';
    const answer = await putCsv('delivery-notes', body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      code: 'CSV_LINE_BROKEN',
      message: `${INTEGRATION_MSG.csvDocumentLineBroken} (Zeile 3)`,
    });
  });

  it('answers a resend under the same Idempotency-Key with the first answer, lines included', async () => {
    const body = 'Firma;VKFORG;Lager;Name\n1;9998;L77;Kein Markt\n';
    const headers = { 'idempotency-key': 'csv-resend-1' };
    const first = await putCsv('warehouses', body, headers);
    const second = await putCsv('warehouses', body, headers);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(first.json().rejections[0]).toMatchObject({ line: 2, column: 'VKFORG' });
  });
});
