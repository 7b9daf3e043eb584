import type { Page } from '@playwright/test';
import type { Db } from '../fixtures';
import { moduleKey } from './capture-page';
import { controlledByServiceWorker } from './service-worker';

// Steps of the offline journeys: a handheld that has been online once, then works a shift without network.

/**
 * The device is ready for a shift without network: the service worker controls the page (an offline reload
 * needs its shell; it may reload the page, so it comes first) and the article cache is complete.
 */
export async function waitForOfflineReadiness(page: Page) {
  await controlledByServiceWorker(page);
  await page.waitForFunction(() => window.__mdeArticleCache?.progress().state === 'complete', null, {
    timeout: 120_000,
    polling: 200,
  });
}

const checkDigit = (twelve: string) => {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
};

/** EAN-13 codes with a valid check digit that no article carries (a misread would be a different case). */
export async function unknownEans(db: Db, count: number): Promise<string[]> {
  const codes = Array.from({ length: count }, (_, i) => {
    const twelve = `4999${String(Date.now() % 1e5).padStart(5, '0')}${String(i).padStart(3, '0')}`;
    return twelve + checkDigit(twelve);
  });
  const taken = await db.query<{ gtin14: string }>('select gtin14 from article_code where gtin14 = any($1)', [
    codes.map((c) => `0${c}`),
  ]);
  if (taken.length > 0) throw new Error('generated code belongs to an article');
  return codes;
}

/** The names the header chips show for the demo user's context, read online before the network goes. */
export async function contextNames(page: Page) {
  const context = (await (await page.request.get('/api/v1/security/user/context')).json()) as {
    accountid: number;
    vkforgid: number;
  };
  const accounts = (await (await page.request.get('/api/v2/security/user/accounts')).json()) as {
    id: number;
    number: string;
  }[];
  const vkforgs = (await (await page.request.get('/api/v1/security/user/vkforg/entities')).json()) as {
    id: number;
    kurzbezeichnung: string;
  }[];
  const account = accounts.find((a) => a.id === context.accountid)?.number;
  const vkforg = vkforgs.find((v) => v.id === context.vkforgid)?.kurzbezeichnung;
  if (!account || !vkforg) throw new Error('demo context missing');
  return { account, vkforg };
}

/** No open capture of the module on the server: the journey counts from an empty list. */
export const closeOpenCaptures = (db: Db, module: string) =>
  db.query(`update capture set status = 'exported' where module = $1 and status = 'open'`, [moduleKey(module)]);

/** Opens a module from the menu, as a person does (no page load: the app keeps running as it is). */
export async function openFromMenu(page: Page, name: string) {
  await page.getByRole('button', { name: 'Menü' }).click();
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
}
