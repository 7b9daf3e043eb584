import type { Page } from '@playwright/test';
import pg from 'pg';
import { expect, test, USERS } from './fixtures';
import { type ExtraServer, startExtraServer } from './support/extra-server';
import { controlledByServiceWorker } from './support/service-worker';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// A large assortment syncs for many seconds after login. The sync downloads and writes in its own thread, so a
// scan made meanwhile is read whole, and what it wrote answers offline afterwards.

const ARTICLES = 20_000;
let server: ExtraServer;

interface Scanned {
  id: number;
  designation1: string;
  ean13: string;
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  server = await startExtraServer({ SEED_ARTICLES: String(ARTICLES) });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Articles of firma 1 with an EAN-13 on the base unit: the last ones arrive with the sync's last pages. */
async function lastArticles(count: number): Promise<Scanned[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; designation1: string; gtin14: string }>(
      `select distinct on (a.id) a.id, a.designation1, c.gtin14 from article a
         join article_code c on c.article_id = a.id and c.code_type = 'ean13' and c.factor = 1
        where a.firma_id = 1 order by a.id desc, c.gtin14 limit $1`,
      [count],
    );
    return rows.map((r) => ({ id: r.id, designation1: r.designation1, ean13: r.gtin14.slice(1) }));
  } finally {
    await client.end();
  }
}

/**
 * A scanner's burst as the hardware delivers it while the page is busy: each key its own task in the page, a few
 * milliseconds apart, through the app's wedge listener, so the cache sync's work runs between the keys. The keys
 * are made before the first is sent: a scanner's keys carry the device's own times, which a busy page delays in
 * their handling, never in their time (a key made only when the page got round to it would split the code on a
 * loaded test machine, which no scanner does).
 */
async function pacedScan(page: Page, code: string) {
  await expect(page.locator('html[data-wedge="listening"]')).toHaveCount(1);
  await page.locator('body').click({ position: { x: 5, y: 200 } });
  await page.evaluate(async (text) => {
    const keys = [...text, 'Enter'].map(
      (key) => new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
    );
    for (const key of keys) {
      (document.activeElement ?? document.body).dispatchEvent(key);
      await new Promise((r) => setTimeout(r, 5));
    }
  }, code);
}

const cacheState = (page: Page) => page.evaluate(() => window.__mdeArticleCache?.progress().state ?? 'none');

test('scans during the article cache sync are read whole; the cache answers offline afterwards', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const articles = await lastArticles(4);
  const [offlineArticle, ...duringSync] = articles;
  if (!offlineArticle) throw new Error('seed without EAN-13 articles');
  const login = await page.request.post(`${server.baseURL}/api/v1/auth/login`, {
    data: { ...USERS.demo, stayAuthenticated: false },
  });
  expect(login.status()).toBe(200);
  await page.goto(`${server.baseURL}/artikel-info`);
  const progress = page.getByTestId('article-cache-progress');
  await expect(progress).toHaveAttribute('data-state', 'syncing', { timeout: 60_000 });

  for (const article of duringSync) {
    expect(await cacheState(page)).toBe('syncing');
    await pacedScan(page, article.ean13);
    await expect(page).toHaveURL(new RegExp(`/artikel-info/${article.id}$`));
    await expect(page.getByRole('heading', { name: article.designation1 })).toBeVisible();
    await page.goBack();
    await expect(progress).toBeVisible();
  }
  // The scans above really fell into the sync.
  expect(await cacheState(page)).toBe('syncing');

  await controlledByServiceWorker(page);
  await expect(progress).toHaveAttribute('data-state', 'complete', { timeout: 240_000 });

  await context.setOffline(true);
  await pacedScan(page, offlineArticle.ean13);
  await expect(page).toHaveURL(new RegExp(`/artikel-info/${offlineArticle.id}$`));
  await expect(page.getByRole('heading', { name: offlineArticle.designation1 })).toBeVisible();
  await expect(page.getByTestId('offline-note')).toContainText('Stand:');
  await context.setOffline(false);
});
