import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { seriousAxeViolations } from '../support/layout-check';
import { readmeScreen } from '../support/readme-screens';

// A device holding a change the server refused ('Nicht übertragbar') reports it, and the admin sees the device
// under Administration → Geräte with that count: as a card at 360 px, as a table row at 1280 px.

/** Sets one refused Inventur line aside on this device for the user, as the outbox does after a 400. */
async function setAsideOneChange(page: Page, owner: number) {
  await page.evaluate(async (owner) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('mde-captures');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction('rejected', 'readwrite');
    const now = new Date().toISOString();
    tx.objectStore('rejected').add({
      owner,
      module: 'inventory-count',
      vkforgId: 11,
      kind: 'upsert-line',
      clientId: crypto.randomUUID(),
      payload: {
        articleId: 1,
        quantity: 1,
        unit: 'ST\u0000',
        storageLocation: null,
        reason: null,
        capturedAt: now,
        updatedAt: now,
      },
      seq: 0,
      createdAt: now,
      attempts: 1,
      reason: 'Die Anfrage ist ungültig',
      rejectedAt: now,
    });
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, owner);
}

const deviceIdOf = (page: Page) =>
  page.evaluate(async () => {
    // Opening a database that the app has not made yet would make an empty one: wait for the app's.
    if (!(await indexedDB.databases()).some((d) => d.name === 'mde-captures')) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('mde-captures');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    if (!db.objectStoreNames.contains('device')) {
      db.close();
      return null;
    }
    const row = await new Promise<{ value?: string } | undefined>((resolve) => {
      const get = db.transaction('device').objectStore('device').get('device-id');
      get.onsuccess = () => resolve(get.result);
    });
    db.close();
    return row?.value ?? null;
  });

for (const width of [360, 1280]) {
  test(`Geräte at ${width} px: a device with a set-aside change shows with its count`, async ({
    loggedInPage: page,
    db,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const [demo] = await db.query<{ id: number }>(`select id from app_user where username = 'demo'`);
    if (!demo) throw new Error('demo user missing');
    // The app reports at start: the device has its id once the first report went out.
    await expect.poll(() => deviceIdOf(page), { timeout: 20_000 }).not.toBeNull();
    const deviceId = (await deviceIdOf(page)) as string;
    await setAsideOneChange(page, demo.id);
    await page.reload();
    await expect
      .poll(
        async () =>
          (
            await db.query<{ set_aside: number }>('select set_aside from device_status where device_id = $1', [
              deviceId,
            ])
          )[0]?.set_aside,
        { timeout: 20_000 },
      )
      .toBe(1);

    await page.goto('/admin/devices');
    const entry = page.locator(
      `[data-testid="${width < 992 ? 'device-card' : 'device-row'}"][data-device="${deviceId}"]`,
    );
    await expect(entry).toBeVisible({ timeout: 15_000 });
    await expect(entry.getByTestId('set-aside')).toHaveText('1');
    // Work on the device not yet on the server is marked (orange), not "Aktuell".
    await expect(entry).toContainText('Wartet');
    await expect(entry).toHaveAttribute('data-waiting', 'true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await readmeScreen(page, `admin-devices-${width}`);
  });
}
