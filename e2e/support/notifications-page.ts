import { EXPORT_SEEN_SECONDS } from '@mde/contracts';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type Db, holdPageClock } from '../fixtures';
import { captureLines, demoArticles, openExportDialog, openInventurList, scannerBurst } from './capture-page';

export const badge = (page: Page) => page.getByTestId('notification-badge');
export const bell = (page: Page) => badge(page).getByRole('link', { name: /^Benachrichtigungen/ });
export const entries = (page: Page) => page.getByRole('list', { name: 'Benachrichtigungen' }).getByRole('listitem');

/** A person moving on through the menu (a route change, as after finishing an export). */
export async function viaMenu(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Menü', exact: true }).click();
  await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: entry, exact: true }).click();
}

export async function clearNotifications(db: Db, username: string) {
  await db.query('delete from notification where user_id = (select id from app_user where username = $1)', [username]);
}

/**
 * An Inventur capture of one article, exported while offline and stored once back online (an export the user
 * saw succeed on screen is no unread news): answers the document number shown.
 */
export async function exportInventur(page: Page, db: Db) {
  const [article] = await demoArticles(db, 1, 7);
  if (!article) throw new Error('no demo article');
  // The page's clock is held (page.clock): the export waits longer than EXPORT_SEEN_SECONDS in an instant.
  await holdPageClock(page, 2 * 60_000);
  await openInventurList(page, { quick: true });
  await scannerBurst(page, article.ean13);
  await expect(captureLines(page)).toHaveCount(1);
  const dialog = await openExportDialog(page);
  await page.context().setOffline(true);
  await dialog.getByRole('button', { name: 'Exportieren' }).click();
  // Longer than an export sent at once.
  await page.clock.runFor((EXPORT_SEEN_SECONDS + 1) * 1000);
  await page.context().setOffline(false);
  // The outbox tries again on its own schedule, at most 30 s after the last try.
  await page.clock.runFor(30_000);
  await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done');
  const number = (await page.getByTestId('document-numbers').innerText()).match(/[A-Z]{2}-\d{4}-\d{6}/)?.[0];
  if (!number) throw new Error('no document number shown');
  return number;
}

/**
 * What the ERP's link does: signs in as a user who edits delivery notes and sends a note of 4 pieces of one demo
 * article from the first demo supplier to vkforg 11. Answers the note's number, supplier and article.
 */
export async function sendDeliveryNote(request: APIRequestContext, db: Db, prefix: string) {
  const [supplier] = await db.query<{ number: string; name: string }>(
    'select number, name from supplier where firma_id = 1 order by id limit 1',
  );
  const [article] = await demoArticles(db, 1, 40);
  if (!supplier || !article) throw new Error('demo data missing');
  const number = `${prefix}-${Date.now()}`;
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'demo', password: 'Demo1234!', stayAuthenticated: false },
  });
  expect(login.status()).toBe(200);
  const sent = await request.post('/api/v1/delivery-notes', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      supplierNumber: supplier.number,
      number,
      date: new Date().toISOString().slice(0, 10),
      vkforgId: 11,
      lines: [{ articleCode: article.number, quantity: 4 }],
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { number, supplier, article };
}
