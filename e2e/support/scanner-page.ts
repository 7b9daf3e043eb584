import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';

// Copies of five photos from ../shared/data/barcodes, so the journeys run from a fresh clone anywhere.
export const SAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/barcodes');

/** Chromium with a fake camera that shows the given .y4m video, for end-to-end scans. */
export const fakeCamera = (file: string) => ({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  },
  permissions: ['camera'],
});

export async function openScannerTestPage(page: Page, source: 'camera' | 'file' | null) {
  await page.evaluate((s) => localStorage.setItem('html5Scanner', JSON.stringify({ source: s })), source);
  await page.goto('/settings/scanner-test');
  await expect(page.getByRole('heading', { name: 'Scanner testen' })).toBeVisible();
}

/**
 * Holds the decoder's wasm until the returned release is called. A clear code on the fake camera is read
 * within a few frames, so on a busy machine the camera view could open and close between two looks of the
 * test; held, the view stays until the test has looked at it, then the code is read as usual.
 */
export async function holdDecoder(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/*.wasm', async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

/**
 * Notes in the page every scan flash shown from now on ('ok', 'error', ...). A flash lasts 350 ms, so a busy
 * test runner may look before and after it; the page itself sees each one. Resolves with the kinds seen.
 */
export async function recordFlashes(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    let shown: string | null = null;
    (window as unknown as { __flashes: string[] }).__flashes = seen;
    new MutationObserver(() => {
      const id = document.querySelector('[data-testid^="scanner-flash-"]')?.getAttribute('data-testid') ?? null;
      if (id && id !== shown) seen.push(id.slice('scanner-flash-'.length));
      shown = id;
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-testid'] });
  });
  return () => page.evaluate(() => [...(window as unknown as { __flashes: string[] }).__flashes]);
}
