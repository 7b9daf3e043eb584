import { expect, test } from './fixtures';
import { scannerBurst } from './support/capture-page';

// A burst is one scan: a handheld that stalls in the middle of a code (a busy device) gives one scan with
// every digit once Enter is its known terminator, and the scanner test page shows the stall between keys.

test('a burst with a stall stays one scan until its Enter; the test page shows the gap', async ({
  loggedInPage: page,
}) => {
  await page.goto('/settings/scanner-test');
  // The list shows the scans made while the page is open (the listener hears them from the page's start).
  await expect(page.getByRole('heading', { name: 'Scanner testen' })).toBeVisible();
  await expect(page.locator('html[data-wedge="listening"]')).toHaveCount(1);
  await page.evaluate(async () => {
    // A chunk's keys are made before the first is sent: the stall is the one below, not the page's own pace.
    const send = (keys: string[]) => {
      const events = keys.map((key) => new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      for (const event of events) document.body.dispatchEvent(event);
    };
    // The first scan teaches the terminator (Enter).
    send([...'4006381333931', 'Enter']);
    await new Promise((r) => setTimeout(r, 400));
    // The next one stalls 300 ms after two keys.
    send([...'40']);
    await new Promise((r) => setTimeout(r, 300));
    send([...'12345678901', 'Enter']);
  });
  const results = page.getByTestId('scan-result');
  await expect(results).toHaveCount(2);
  await expect(results.first()).toContainText('4012345678901');
  await expect(page.getByTestId('wedge-keys')).toContainText(/"1" \+3\d\d\.\d ms/);
  await expect(page.getByTestId('wedge-gaps')).toContainText(/größter 3\d\d(,|\.)?\d* ms/);
});

test("the journeys' scanner burst stays one scan on a page slow to answer each key (a loaded machine)", async ({
  loggedInPage: page,
}) => {
  await page.goto('/settings/scanner-test');
  await expect(page.getByRole('heading', { name: 'Scanner testen' })).toBeVisible();
  // A new device (no terminator learned yet) whose page takes 50 ms for every key, as a loaded test machine or
  // a throttled CPU does: a key made only after the one before was answered would be 50 ms late.
  await page.evaluate(() => {
    window.addEventListener(
      'keydown',
      () => {
        const until = performance.now() + 50;
        while (performance.now() < until) {
          // busy, as a slow device is
        }
      },
      true,
    );
  });
  await scannerBurst(page, '4006381333931');
  const results = page.getByTestId('scan-result');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('4006381333931');
});
