import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { expect, test } from '../fixtures';
import { clearOpenCapture, demoArticles, isoDay } from '../support/capture-page';

// docs/integration.md#belege-herunterladen: a document of the last 30 days downloads on the phone as a file,
// CSV for German Excel or JSON as the ERP gets it, under a name that says what it is.

test('a document of the last 30 days downloads as CSV and as JSON', async ({ loggedInPage: page, db }) => {
  await clearOpenCapture(page, 'order-proposal');
  const [article] = await demoArticles(db, 1, 3);
  if (!article) throw new Error('demo article missing');
  // The document itself is made through the API: this journey is about its download.
  const line = { articleId: article.id, quantity: 2, capturedAt: new Date().toISOString() };
  expect(
    (await page.request.put(`/api/v1/captures/order-proposal/lines/${randomUUID()}`, { data: line })).status(),
  ).toBe(200);
  const exported = await page.request.post('/api/v1/captures/order-proposal/export', {
    data: {},
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(exported.status()).toBe(200);
  const number: string = (await exported.json()).documents[0].number;

  await page.goto('/mde-bestellvorschlag');
  await page.getByRole('button', { name: 'Belege der letzten 30 Tage' }).click();
  await page
    .getByLabel('Belege der letzten 30 Tage')
    .getByRole('button', { name: new RegExp(number) })
    .click();

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: `Beleg ${number} als CSV herunterladen` }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`Bestellvorschlag_1100_${isoDay(0)}_${number}.csv`);
  const text = await fs.readFile(await csv.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain(`;${number};`);
  expect(text).toContain(`;${article.number};`);

  const jsonDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: `Beleg ${number} als JSON herunterladen` }).click();
  const json = await jsonDownload;
  expect(json.suggestedFilename()).toBe(`Bestellvorschlag_1100_${isoDay(0)}_${number}.json`);
  const document = JSON.parse(await fs.readFile(await json.path(), 'utf8'));
  expect(document).toMatchObject({
    type: 'order-proposal.exported',
    erp: { firma: 1, vkforg: '1100' },
    document: { number, lines: [{ articleNumber: article.number, quantity: 2 }] },
  });
});
