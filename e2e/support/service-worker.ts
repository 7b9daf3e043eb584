import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app's service worker controls the page, as it does on a handheld that has run the app
 * before. Only then does the page survive losing the network: the shell and the lazily loaded screens come
 * from the worker's precache. Without it a chunk fetched offline fails and the app reloads into the
 * browser's offline page.
 */
export async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}
