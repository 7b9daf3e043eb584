import { expect, test } from '../fixtures';
import { controlledByServiceWorker } from '../support/service-worker';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

/** The build compresses every file of 1 KiB or more; smaller ones fit one packet as they are. */
function expectCompressed(files: { url: string; encoding: string | undefined; length: number }[]) {
  expect(files.filter((file) => file.encoding).length).toBeGreaterThan(0);
  for (const file of files) {
    if (file.encoding === undefined) expect(file.length, file.url).toBeLessThan(1024);
    else expect(file.encoding, file.url).toMatch(/^(br|gzip)$/);
  }
}

test.describe('Kompression (transfer on a handheld)', () => {
  test("the login page's scripts arrive compressed", async ({ page }) => {
    const scripts: { url: string; encoding: string | undefined; length: number }[] = [];
    page.on('response', (response) => {
      if (/\/assets\/[^/]+\.js$/.test(new URL(response.url()).pathname)) {
        // allHeaders reads the raw headers, before the browser unpacks the body.
        void response.allHeaders().then((headers) =>
          scripts.push({
            url: response.url(),
            encoding: headers['content-encoding'],
            length: Number(headers['content-length']),
          }),
        );
      }
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    expectCompressed(scripts);
  });

  test("the service worker's precache is fetched compressed", async ({ page }) => {
    await page.goto('/login');
    await controlledByServiceWorker(page);
    // The precache keeps each response's headers: a script in it tells how it came over the wire.
    const cached = await page.evaluate(async () => {
      const found: { url: string; encoding: string | undefined; length: number }[] = [];
      for (const name of await caches.keys()) {
        if (!name.includes('precache')) continue;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (!/\/assets\/[^/]+\.(js|wasm)(\?|$)/.test(request.url)) continue;
          const response = await cache.match(request);
          found.push({
            url: request.url,
            encoding: response?.headers.get('content-encoding') ?? undefined,
            length: Number(response?.headers.get('content-length')),
          });
        }
      }
      return found;
    });
    expect(cached.length).toBeGreaterThan(10);
    expectCompressed(cached);
  });
});
