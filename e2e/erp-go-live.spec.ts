import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importCsv, type MdeEvent, readFeed, receiveWebhooks } from '@mde/erp-client';
import { expect, test } from './fixtures';
import {
  captureLines,
  clearOpenCapture,
  openExportDialog,
  openInventurList,
  scannerBurst,
} from './support/capture-page';
import { freeServerPort } from './support/extra-server';

// Go live as the ERP team does it, with the reference client of examples/erp-client: a key from the admin, a
// webhook subscription, the article file sent as CSV; a worker counts the new article in an Inventur on a
// device and exports it; the export arrives at the ERP twice, in the feed read from its cursor and as a signed
// webhook, with the article number the ERP sent.

/** A valid EAN-13 for 12 digits: the digits and their check digit. */
function ean13(body12: string): string {
  const sum = [...body12].map(Number).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return `${body12}${(10 - (sum % 10)) % 10}`;
}

test('a CSV sent by the reference client is counted on a device, and its export reaches the client twice', async ({
  loggedInPage: page,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-go-live-'));
  const stamp = String(Date.now()).slice(-9);
  const number = `GL-${stamp}`;
  const ean = ean13(`429${stamp}`);

  // The admin makes the ERP's key (Administration → Integration does the same).
  const created = await page.request.post('/api/v1/admin/integration/api-keys', {
    data: { name: `ERP ${stamp}`, scopes: ['import:articles', 'events:read', 'webhooks:manage'], firmas: [1] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const connection = { baseUrl: baseURL ?? '', apiKey: ((await created.json()) as { key: string }).key };

  // The ERP subscribes its endpoint for Inventur exports and starts its feed cursor at today's end.
  const cursor = path.join(dir, 'cursor.txt');
  await readFeed(connection, cursor, () => undefined);
  const port = await freeServerPort();
  const subscribed = await request.post('/api/integration/v1/webhooks', {
    headers: { authorization: `Bearer ${connection.apiKey}` },
    data: { url: `http://127.0.0.1:${port}/`, events: ['inventory-count.exported'] },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  const subscription = (await subscribed.json()) as { id: number; secret: string };
  const webhooks: MdeEvent[] = [];
  const receiver = await receiveWebhooks(
    subscription.secret,
    (event) => {
      webhooks.push(event);
    },
    { port },
  );
  try {
    // The article file, as German Excel saves it.
    const file = path.join(dir, 'artikel.csv');
    fs.writeFileSync(
      file,
      Buffer.from(
        'Firma;Artikelnummer;Bezeichnung 1;Bezeichnung 2;Abteilung;Basiseinheit;Waagen-PLU;Einheiten;Codes;Preise;Lieferanten;Listungen\r\n' +
          `1;${number};Bärlauchpesto;125 g;Feinkost;ST;;ST:1;${ean}:ST;1100:ST:3,49:01.01.2026;;1100:01.01.2026\r\n`,
        'latin1',
      ),
    );
    expect(await importCsv(connection, 'articles', file)).toMatchObject({ inserted: 1, rejected: 0 });

    // A worker counts it in the Kühlhaus and exports the count.
    await clearOpenCapture(page, 'mde-inventur');
    await openInventurList(page, { quick: true });
    await scannerBurst(page, ean);
    await expect(captureLines(page)).toHaveCount(1);
    await expect(captureLines(page).first()).toContainText('Bärlauchpesto');
    const dialog = await openExportDialog(page);
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done');

    // The ERP reads it from the feed, and gets it signed by webhook, with its own article number.
    const fed: MdeEvent[] = [];
    await expect
      .poll(async () => {
        await readFeed(connection, cursor, (event) => {
          if (event.type === 'inventory-count.exported') fed.push(event);
        });
        return fed.length;
      })
      .toBe(1);
    const lines = fed[0]?.document.lines as { articleNumber: string; quantity: number }[];
    expect(lines).toEqual([expect.objectContaining({ articleNumber: number, quantity: 1 })]);
    await expect.poll(() => webhooks.map((e) => e.id), { timeout: 30_000 }).toEqual([fed[0]?.id]);
  } finally {
    // Later journeys of this server export Inventuren too: nothing is sent to a receiver that is gone.
    await request.post(`/api/integration/v1/webhooks/${subscription.id}/disable`, {
      headers: { authorization: `Bearer ${connection.apiKey}` },
    });
    await receiver.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
