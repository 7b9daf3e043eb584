import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { scannerBurst } from './support/capture-page';
import { makeBarcodeY4m } from './support/make-y4m';
import { fakeCamera, holdDecoder, openScannerTestPage, SAMPLES } from './support/scanner-page';

// Scanner journeys on the scanner test page, with Chromium's fake camera showing a real barcode.
const samples = SAMPLES;
const QR = path.join(samples, 'qrcode-3/01.webp');
const QR_TEXT = readFileSync(path.join(samples, 'qrcode-3/01.txt'), 'utf8');
const EAN_PNG = path.join(samples, 'ean8-1/1.png');
const EAN_TEXT = readFileSync(path.join(samples, 'ean8-1/1.txt'), 'utf8');
const y4m = path.join(tmpdir(), 'mde-fake-camera.y4m');
await makeBarcodeY4m(QR, y4m);

test.use(fakeCamera(y4m));

test('camera: overlay opens, code decoded, overlay closes, result shown', async ({ loggedInPage: page }) => {
  await openScannerTestPage(page, 'camera');
  const releaseDecoder = await holdDecoder(page);
  await page.getByRole('button', { name: 'Scan starten' }).click();
  const backdrop = page.getByTestId('scanner-backdrop');
  await expect(backdrop).toBeVisible();
  releaseDecoder();
  await expect(backdrop).toBeHidden({ timeout: 20_000 });
  const row = page.getByTestId('scan-result').first();
  await expect(row).toContainText(QR_TEXT);
  await expect(row).toContainText('qrcode');
  await expect(row).toContainText('Kamera');
});

test('file scan through the file chooser', async ({ loggedInPage: page }) => {
  await openScannerTestPage(page, 'file');
  await page.getByRole('button', { name: 'Scan starten' }).click();
  await expect(page.getByRole('dialog', { name: 'Datei scannen' })).toBeVisible();
  await expect(page.getByText('Or drop an image to scan (other files not supported)')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Bild aus Galerie oder Kamera wählen' }).click();
  await (await chooser).setFiles(EAN_PNG);
  await expect(page.getByTestId('scan-result').first()).toContainText(EAN_TEXT);
  await expect(page.getByTestId('scan-result').first()).toContainText('ean8');
});

test('keyboard wedge: fast keystrokes + Enter become a scan, also in a text field', async ({ loggedInPage: page }) => {
  await openScannerTestPage(page, null);
  await expect(page.locator('html[data-wedge="listening"]')).toHaveCount(1);
  // A scanner sends the terminator right behind the code, in one burst inside the page (keys typed over
  // the DevTools protocol arrive late on a loaded machine and split the code, which no scanner does).
  await scannerBurst(page, '4006381333931', 0);
  const row = page.getByTestId('scan-result').first();
  await expect(row).toContainText('4006381333931');
  await expect(row).toContainText('Handscanner (Tastatur)');
  await expect(page.getByText('Erkanntes Ende: Enter')).toBeVisible();
});

test('a device prefix set in the settings is stripped from wedge scans', async ({ loggedInPage: page }) => {
  await page.goto('/settings');
  await page.getByLabel('Präfix').fill('#');
  await openScannerTestPage(page, null);
  await expect(page.locator('html[data-wedge="listening"]')).toHaveCount(1);
  await scannerBurst(page, '#96385074', 0);
  await expect(page.getByTestId('scan-result').first()).toContainText('96385074');
  await expect(page.getByTestId('scan-result').first()).not.toContainText('#');
});
