import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { makeBarcodeY4m } from './support/make-y4m';
import { fakeCamera, openScannerTestPage, SAMPLES } from './support/scanner-page';

// A camera that sees no code, so the scan stays open until the user cancels it (docs/spec.md §2 overlay).
const emptyY4m = path.join(tmpdir(), 'mde-fake-camera-empty.y4m');
await makeBarcodeY4m(path.join(SAMPLES, 'falsepositives-1/01.webp'), emptyY4m);
test.use(fakeCamera(emptyY4m));

test('cancel by backdrop click', async ({ loggedInPage: page }) => {
  await openScannerTestPage(page, 'camera');
  await page.getByRole('button', { name: 'Scan starten' }).click();
  const backdrop = page.getByTestId('scanner-backdrop');
  await expect(backdrop).toBeVisible();
  // Top edge, between the close and torch buttons: only the backdrop is there.
  await backdrop.click({ position: { x: 200, y: 4 } });
  await expect(backdrop).toBeHidden();
  await expect(page.getByText('Scan abgebrochen')).toBeVisible();
});
