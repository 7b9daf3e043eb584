import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

// The README's pictures (docs/screens/<name>.png) are written only when SCREENS=1; npm test leaves the
// committed files alone. A journey that already stands on a screen takes its picture there.

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screens');
const write = process.env.SCREENS === '1';

/**
 * The screen as the README shows it, one pixel per CSS pixel (small files, whatever phone the journey
 * emulates); `part` takes one part of the page whole, from the full page, so the sticky header never covers it.
 */
export async function readmeScreen(page: Page, name: string, part?: Locator) {
  const clip = part
    ? await part.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
      })
    : undefined;
  const png = await page.screenshot({
    path: write ? path.join(OUT, `${name}.png`) : undefined,
    scale: 'css',
    ...(clip ? { fullPage: true, clip } : {}),
  });
  expect(png.byteLength).toBeGreaterThan(5_000);
}
