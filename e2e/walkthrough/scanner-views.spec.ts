import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { makeBarcodeY4m } from '../support/make-y4m';
import { fakeCamera, holdDecoder, openScannerTestPage, SAMPLES } from '../support/scanner-page';

// Scanner views the spec names (docs/spec.md §2, §4): the camera embedded in a screen beside the full-screen overlay,
// the link that swaps camera and file, the scanner list title with its priority, and the install state.

const QR = path.join(SAMPLES, 'qrcode-3/01.webp');
const QR_TEXT = readFileSync(path.join(SAMPLES, 'qrcode-3/01.txt'), 'utf8').trim();
const y4m = path.join(tmpdir(), 'mde-fake-camera-views.y4m');
await makeBarcodeY4m(QR, y4m);

test.use({ ...fakeCamera(y4m), viewport: { width: 360, height: 740 } });

test('the gift-card start runs the camera in its own embedded view, not over the whole screen', async ({
  loggedInPage: page,
}) => {
  await page.evaluate(() => localStorage.setItem('html5Scanner', JSON.stringify({ source: 'camera' })));
  await page.goto('/gutscheinkarten');
  const releaseDecoder = await holdDecoder(page);
  await page.getByRole('button', { name: 'Gutscheincode scannen' }).click();
  const embedded = page.getByRole('main').getByTestId('scanner-embedded');
  await expect(embedded).toBeVisible();
  await expect(embedded.getByRole('button', { name: 'Scan abbrechen' })).toBeVisible();
  await expect(page.getByTestId('scanner-backdrop')).toHaveCount(0);
  // the code field stays in sight above the camera, and the decoded code lands in it
  await expect(page.getByRole('textbox', { name: 'Gutscheincode' })).toBeInViewport();
  releaseDecoder();
  await expect(embedded).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: 'Gutscheincode' })).toHaveValue(new RegExp(QR_TEXT.slice(0, 10), 'i'));
});

test('the embedded view closes with its own cancel control', async ({ loggedInPage: page }) => {
  await page.evaluate(() => localStorage.setItem('html5Scanner', JSON.stringify({ source: 'camera' })));
  // a camera that shows no code keeps the view open until the worker cancels
  await page.goto('/gutscheinkarten');
  await page.route('**/*.wasm', (route) => route.abort());
  await page.getByRole('button', { name: 'Gutscheincode scannen' }).click();
  const embedded = page.getByTestId('scanner-embedded');
  await expect(embedded).toBeVisible();
  await embedded.getByRole('button', { name: 'Scan abbrechen' }).click();
  await expect(embedded).toHaveCount(0);
});

test('camera and file swap by a link, both ways, in the same scan', async ({ loggedInPage: page }) => {
  await openScannerTestPage(page, 'camera');
  await page.route('**/*.wasm', (route) => route.abort());
  await page.getByRole('button', { name: 'Scan starten' }).click();
  await expect(page.getByTestId('scanner-backdrop')).toBeVisible();
  await page.getByRole('button', { name: 'Stattdessen ein Bild wählen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Datei scannen' });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('scanner-backdrop')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Stattdessen die Kamera verwenden' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('scanner-backdrop')).toBeVisible();
  await page.getByTestId('scanner-backdrop').getByRole('button', { name: 'Scan abbrechen' }).click();
  await expect(page.getByTestId('scanner-backdrop')).toHaveCount(0);
});

test("the scanner settings list the camera scanner as 'Camera (HTML5)' with priority 6", async ({
  loggedInPage: page,
}) => {
  await page.goto('/settings');
  const title = page.getByTestId('scanner-list-title');
  await expect(title).toHaveText('Camera (HTML5)');
  await expect(title).toHaveAttribute('data-priority', '6');
});

test('an installed app (relatedApps) is offered to open, and opening shares the page (hasWebShare)', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const nav = navigator as Navigator & { getInstalledRelatedApps?: () => Promise<unknown[]> };
    nav.getInstalledRelatedApps = async () => [{ platform: 'webapp', url: `${location.origin}/manifest.webmanifest` }];
    (window as unknown as { shared: unknown[] }).shared = [];
    navigator.share = async (data) => {
      (window as unknown as { shared: unknown[] }).shared.push(data);
    };
  });
  const res = await page.request.post('/api/v1/auth/login', {
    data: { username: 'demo', password: 'Demo1234!', stayAuthenticated: false },
  });
  expect(res.status()).toBe(200);
  await page.goto('/settings#pwaInstall');
  await expect(page.getByRole('button', { name: 'App installieren' })).toHaveCount(0);
  await page.getByRole('button', { name: 'App öffnen' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared))
    .toEqual([expect.objectContaining({ url: new URL(page.url()).origin })]);
});
