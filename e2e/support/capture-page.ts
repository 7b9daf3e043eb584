import { expect, type Page } from '@playwright/test';
import type { Db } from '../fixtures';

// Shared steps of the capture journeys (issue 5): what a person does with the handheld in the aisle.

export interface DemoArticle {
  id: number;
  number: string;
  designation1: string;
  ean13: string;
}

/** Demo articles of firma 1 that have an EAN-13 on the base unit and a main supplier, in article order. */
export async function demoArticles(db: Db, count: number, offset = 0): Promise<DemoArticle[]> {
  const rows = await db.query<{ id: number; number: string; designation1: string; gtin14: string }>(
    `select distinct on (a.id) a.id, a.number, a.designation1, c.gtin14
       from article a
       join article_code c on c.article_id = a.id and c.code_type = 'ean13' and c.factor = 1
       join article_supplier s on s.article_id = a.id and s.is_main
       join article_listing l on l.article_id = a.id and l.vkforg_id = 11
      where a.firma_id = 1
      order by a.id, c.gtin14
      offset $1 limit $2`,
    [offset, count],
  );
  return rows.map((r) => ({ id: r.id, number: r.number, designation1: r.designation1, ean13: r.gtin14.slice(1) }));
}

/** A handheld scanner in keyboard-wedge mode: a fast burst of keys ending in Enter. */
export async function wedgeScan(page: Page, code: string, settle = 250) {
  await expect(page.locator('html[data-wedge="listening"]')).toHaveCount(1);
  await page.keyboard.type(`${code}\n`, { delay: 5 });
  // The scanner's own duplicate suppression window passes before the next trigger pull.
  if (settle > 0) await page.waitForTimeout(settle);
}

/** Types a quantity as a person does (slower than a scanner) and confirms it with Enter. */
export async function typeQuantity(page: Page, quantity: string) {
  const field = page.getByLabel('Menge', { exact: true });
  await expect(field).toBeVisible();
  await field.fill(quantity);
  await page.waitForTimeout(60);
  await field.press('Enter');
}

export const captureLines = (page: Page) => page.getByTestId('capture-line');

/** The server's rows of the user's open capture of a module (checked in the database, not the UI). */
export async function serverLines(db: Db, module: string, username = 'demo') {
  return db.query<{
    client_id: string;
    article_id: number;
    quantity: number;
    unit: string;
    storage_location: string | null;
  }>(
    `select l.client_id, l.article_id, l.quantity::float as quantity, l.unit, l.storage_location
       from capture_line l
       join capture c on c.id = l.capture_id
       join app_user u on u.id = c.user_id
      where c.module = $1 and u.username = $2 and c.status = 'open' and not l.deleted
      order by l.id`,
    [module, username],
  );
}
