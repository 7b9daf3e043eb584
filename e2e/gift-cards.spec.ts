import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// Gutscheinkarte journeys: sell value onto a card, refuse too much, close the day.

const CARD = 'GC-1000-0001'; // DEMO_GIFT_CARDS.firma1 of the server seed: 50,00 € at vkforg 11
const euro = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

async function typeAmount(page: Page, keys: string[]) {
  await page.getByRole('button', { name: 'Betrag löschen' }).click();
  for (const key of keys) await page.getByRole('button', { name: key, exact: true }).click();
}

async function dailyBalance(page: Page) {
  const res = await page.request.get('/api/v1/coupon-card/daily-balance');
  expect(res.status()).toBe(200);
  return (await res.json()) as { charged: number; redeemed: number; net: number };
}

async function balanceOf(page: Page, code: string) {
  const res = await page.request.get(`/api/v1/coupon-card/coupon-card/GUTSCHEIN/${code}`);
  return ((await res.json()) as { balance: number }).balance;
}

test.describe('Gutscheinkarte', () => {
  test('start → existing → charge → confirm → result; redeem too much; daily balance', async ({
    loggedInPage: page,
    db,
  }) => {
    const dayBefore = await dailyBalance(page);
    const start = await balanceOf(page, CARD);

    // start: type the code, keep the default type, check the balance
    await page.goto('/gutscheinkarten');
    await expect(page.getByRole('combobox', { name: 'Kartentyp' })).toHaveValue('Gutscheinkarte');
    await page.getByRole('textbox', { name: 'Gutscheincode' }).fill('gc-1000-0001');
    await page.getByRole('button', { name: 'Guthaben prüfen' }).click();

    // existing: balance and status
    await expect(page).toHaveURL(/\/gutscheinkarten\/existing\?type=GUTSCHEIN&code=GC-1000-0001$/);
    await expect(page.getByTestId('gift-card-balance')).toHaveText(euro(start));
    await expect(page.getByText('Aktiv')).toBeVisible();
    await expect(page.getByTestId('gift-card-movement').first()).toBeVisible();

    // charge 20,00 € → confirm dialog names amount and card → result
    await page.getByRole('button', { name: 'Aufladen' }).click();
    await expect(page).toHaveURL(/\/gutscheinkarten\/charge\?/);
    await typeAmount(page, ['2', '0', '00']);
    await expect(page.getByTestId('gift-card-amount')).toHaveText(euro(2_000));
    await page.getByRole('button', { name: 'Weiter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aufladung bestätigen' });
    await expect(dialog).toContainText(`${euro(2_000)} auf die Karte ${CARD} aufladen?`);
    await dialog.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByTestId('gift-card-result')).toContainText('Die Gutscheinkarte wurde aufgeladen');
    await expect(page.getByTestId('gift-card-result-balance')).toHaveText(euro(start + 2_000));
    const chargeNo = Number(await page.getByTestId('gift-card-result-transaction').textContent());
    const [charged] = await db.query<{ action: string; amount: number; balance_after: number }>(
      'select action, amount::int, balance_after::int from gift_card_movement where id = $1',
      [chargeNo],
    );
    expect(charged).toEqual({ action: 'CHARGE', amount: 2_000, balance_after: start + 2_000 });

    // redeem more than the balance: refused with the subject 'Falscher Betrag'
    await page.getByRole('button', { name: 'Zur Karte' }).click();
    await expect(page.getByTestId('gift-card-balance')).toHaveText(euro(start + 2_000));
    await page.getByRole('button', { name: 'Einlösen' }).click();
    await typeAmount(page, ['9', '9', '9', '00']);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByText('Falscher Betrag').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // the card is emptied on another device while the dialog is open: the server says 'Falscher Betrag'
    await typeAmount(page, ['6', '0', '00']);
    await page.getByRole('button', { name: 'Weiter' }).click();
    const redeemDialog = page.getByRole('dialog', { name: 'Einlösung bestätigen' });
    await expect(redeemDialog).toContainText(`${euro(6_000)} von der Karte ${CARD} einlösen?`);
    const elsewhere = await page.request.post('/api/v1/coupon-card/coupon-card', {
      headers: { 'idempotency-key': `e2e-other-device-${Date.now()}` },
      data: { type: 'GUTSCHEIN', code: CARD, action: 'REDEEM', amount: 2_000 },
    });
    expect(elsewhere.status()).toBe(200);
    await redeemDialog.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByText('Falscher Betrag').first()).toBeVisible();
    await expect(page.getByText(/Der Betrag übersteigt das Guthaben der Karte/).first()).toBeVisible();

    // a fitting amount is redeemed
    await typeAmount(page, ['1', '5', '00']);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page
      .getByRole('dialog', { name: 'Einlösung bestätigen' })
      .getByRole('button', { name: 'Bestätigen' })
      .click();
    await expect(page.getByTestId('gift-card-result')).toContainText(
      'Der Betrag wurde von der Gutscheinkarte abgebucht',
    );
    await expect(page.getByTestId('gift-card-result-balance')).toHaveText(euro(start + 2_000 - 2_000 - 1_500));

    // daily balance: today by default, both movements of this journey and the right sums
    await page.goto('/gutscheinkarten/daily-balance');
    const charged2 = dayBefore.charged + 2_000;
    const redeemed2 = dayBefore.redeemed + 2_000 + 1_500;
    await expect(page.getByTestId('gift-card-daily-charged')).toHaveText(euro(charged2));
    await expect(page.getByTestId('gift-card-daily-redeemed')).toHaveText(euro(redeemed2));
    await expect(page.getByTestId('gift-card-daily-net')).toHaveText(euro(charged2 - redeemed2));
    const rows = page.getByTestId('gift-card-movement').filter({ hasText: CARD });
    await expect(rows.filter({ hasText: `+${euro(2_000)}` })).toHaveCount(1);
    await expect(rows.filter({ hasText: `−${euro(1_500)}` })).toHaveCount(1);
    await expect(rows.filter({ hasText: `Nr. ${chargeNo}` })).toHaveCount(1);
    const ledger = await db.query<{ ok: boolean }>(
      `select c.balance = sum(case m.action when 'CHARGE' then m.amount else -m.amount end) as ok
         from gift_card c join gift_card_movement m on m.card_id = c.id where c.code = $1 group by c.id`,
      [CARD],
    );
    expect(ledger).toEqual([{ ok: true }]);
  });

  test('the daily balance opens the day named in its URL (the day-close notification links it)', async ({
    loggedInPage: page,
    db,
  }) => {
    const [sale] = await db.query<{ day: string; amount: number }>(
      `select to_char(created_at at time zone 'Europe/Berlin', 'YYYY-MM-DD') as day, amount
         from gift_card_movement where idempotency_key = $1`,
      [`seed-${CARD}`],
    );
    if (!sale) throw new Error('seeded sale missing');
    await page.goto(`/gutscheinkarten/daily-balance?date=${sale.day}`);
    const rows = page.getByTestId('gift-card-movement').filter({ hasText: CARD });
    await expect(rows.filter({ hasText: `+${euro(sale.amount)}` })).toHaveCount(1);
    const field = page.getByRole('textbox', { name: 'Datum' });
    await expect(field).toHaveValue(`${sale.day.slice(8, 10)}.${sale.day.slice(5, 7)}.${sale.day.slice(2, 4)}`);
    // Another day in the field moves the URL with it; a date that is none opens today.
    await field.fill('01.01.20');
    await expect(page).toHaveURL(/\?date=2020-01-01$/);
    await expect(page.getByTestId('gift-card-movement')).toHaveCount(0);
    await page.goto('/gutscheinkarten/daily-balance?date=2026-02-30');
    await expect(page.getByTestId('gift-card-daily-charged')).toBeVisible();
    await expect(field).toHaveValue(
      new Intl.DateTimeFormat('de-DE', {
        timeZone: 'Europe/Berlin',
        day: '2-digit',
        month: '2-digit',
        year: '2-digit',
      }).format(new Date()),
    );
  });

  test("an unknown code is 'Ungültiger Gutscheincode' under 'Prüfung fehlgeschlagen'", async ({
    loggedInPage: page,
  }) => {
    await page.goto('/gutscheinkarten');
    await page.getByRole('textbox', { name: 'Gutscheincode' }).fill('GC-0000-0000');
    await page.getByRole('button', { name: 'Guthaben prüfen' }).click();
    await expect(page.getByText('Prüfung fehlgeschlagen').first()).toBeVisible();
    await expect(page.getByText('Ungültiger Gutscheincode').first()).toBeVisible();
    await expect(page).toHaveURL(/\/gutscheinkarten$/);
  });

  test('offline the screens say so and book nothing', async ({ loggedInPage: page, context }) => {
    await page.goto(`/gutscheinkarten/redeem?type=GUTSCHEIN&code=${CARD}`);
    await expect(page.getByTestId('gift-card-balance')).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByTestId('gift-card-offline')).toContainText('nur mit Verbindung');
    await expect(page.getByRole('button', { name: 'Weiter' })).toBeDisabled();
    await context.setOffline(false);
    await expect(page.getByTestId('gift-card-offline')).toHaveCount(0);
  });
});
