import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { devices } from '@playwright/test';
import pg from 'pg';
import { expect, test, USERS, withoutServiceWorker } from './fixtures';
import { openInventurList, scannerBurst } from './support/capture-page';
import { type ExtraServer, startExtraServer } from './support/extra-server';

// The ERP's complete article file (`npm run import -- articles <file> --full`) no longer holds an article: it is
// delisted. A device drops it from its offline cache with its next refresh, and a scan of it says so instead of
// counting it or filing it as an open code. On a server of its own: the import delists all its other articles.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let server: ExtraServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startExtraServer({ SEED_ARTICLES: '50' });
});
test.afterAll(async () => {
  await server?.stop();
});

async function anArticleWithEan(): Promise<{ designation1: string; ean13: string }> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ designation1: string; gtin14: string }>(
      `select a.designation1, c.gtin14 from article a
         join article_code c on c.article_id = a.id and c.code_type = 'ean13' and c.factor = 1
         join article_listing l on l.article_id = a.id and l.vkforg_id = 11
        where a.firma_id = 1 order by a.id limit 1`,
    );
    const [row] = rows;
    if (!row) throw new Error('no article with an EAN-13');
    return { designation1: row.designation1, ean13: row.gtin14.slice(1) };
  } finally {
    await client.end();
  }
}

test('an article the ERP delists leaves the device with its next refresh, and a scan of it says so', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const dropped = await anArticleWithEan();
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  const context = await browser.newContext({
    ...pixel,
    baseURL: server.baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    serviceWorkers: 'block',
  });
  await withoutServiceWorker(context);
  try {
    const page = await context.newPage();
    const login = await page.request.post('/api/v1/auth/login', { data: { ...USERS.demo, stayAuthenticated: false } });
    expect(login.status()).toBe(200);

    // The device has the whole assortment and counts the article.
    await page.goto('/artikel-info');
    const progress = page.getByTestId('article-cache-progress');
    await expect(progress).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
    await expect(progress).not.toContainText('verfügbar: 1 ');
    await openInventurList(page, { quick: true });
    await scannerBurst(page, dropped.ean13);
    await expect(page.getByTestId('line-count')).toHaveText('1 Position');

    // The ERP's complete file holds one new article and no other.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-delist-'));
    const file = path.join(dir, 'artikel.csv');
    fs.writeFileSync(
      file,
      'Firma;Artikelnummer;Bezeichnung 1;Bezeichnung 2;Abteilung;Basiseinheit;Waagen-PLU;Einheiten;Codes;Preise;Lieferanten;Listungen\n' +
        '1;NEU-1;Hafermilch;1 l;Molkerei;ST;;ST:1;4012345678901:ST;1100:ST:1,99:01.01.2026;;1100:01.01.2026\n',
    );
    const { stdout } = await promisify(execFile)(
      'npx',
      ['tsx', 'src/admin/cli.ts', 'import', 'articles', file, '--full'],
      {
        cwd: path.join(root, 'apps/server'),
        env: { ...process.env, DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'warn' },
      },
    );
    fs.rmSync(dir, { recursive: true, force: true });
    expect(stdout).toMatch(/1 neu, .*, [1-9]\d* ausgelistet/);

    // The next refresh (the app started again) leaves the one listed article on the device.
    await page.goto('/artikel-info');
    await expect(progress).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
    await expect(progress).toContainText('verfügbar: 1 ');

    // A scan of the delisted article says so: no line, no open code.
    await page.goto('/mde-inventur');
    await expect(page.getByTestId('line-count')).toHaveText('1 Position');
    await scannerBurst(page, dropped.ean13);
    await expect(page.getByRole('alert').filter({ hasText: 'Der Artikel ist ausgelistet' })).toBeVisible();
    await expect(page.getByTestId('line-count')).toHaveText('1 Position');
    await expect(page.getByText('Offene Codes')).toHaveCount(0);
    await scannerBurst(page, '4012345678901');
    await expect(page.getByTestId('line-count')).toHaveText('2 Positionen');
  } finally {
    await context.close();
  }
});
