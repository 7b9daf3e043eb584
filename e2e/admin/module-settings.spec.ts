import { expect, test } from '../fixtures';
import { backOnList, clearOpenCapture, scannerBurst, typeQuantity } from '../support/capture-page';
import { layoutProblems, seriousAxeViolations } from '../support/layout-check';
import { readmeScreen } from '../support/readme-screens';

// Administration › Moduleinstellungen: the Warenverprobung tolerance of firma 1, changed on the screen, changes
// the comparison on the device at its next config refresh. The seed's value is restored for the other journeys.

const MODULE = 'mde-warenverprobung';
const restore = `update module_config set config_value = $2
  where firma_id = 1 and module = 'mde-warenverprobung' and config_key = $1`;

test('a tolerance set on the settings screen turns a deviation into a match, at 1280 and 360 px', async ({
  loggedInPage: page,
  db,
}) => {
  const [order] = await db.query<{ barcode: string }>(
    `select o.barcode from purchase_order o
      where o.vkforg_id = 11 and o.barcode = o.number
        and not exists (select 1 from purchase_order_line l where l.order_id = o.id and not exists (
          select 1 from article_code c where c.article_id = l.article_id and c.code_type = 'ean13' and c.factor = 1))
      order by o.id limit 1`,
  );
  const [line] = await db.query<{ article_id: number; designation1: string; ean13: string; pieces: number }>(
    `select l.article_id, a.designation1, substr(min(c.gtin14), 2) as ean13,
            ((l.quantity + 2) * l.factor)::float as pieces
       from purchase_order_line l join purchase_order o on o.id = l.order_id
       join article a on a.id = l.article_id
       join article_code c on c.article_id = l.article_id and c.code_type = 'ean13' and c.factor = 1
      where o.barcode = $1 group by l.line_no, l.article_id, a.designation1, l.quantity, l.factor
      order by l.line_no limit 1`,
    [order?.barcode],
  );
  if (!order || !line) throw new Error('no scannable demo order');
  const consoleErrors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  await db.query(restore, ['BLINDZAEHLUNG_BESTELLUNG', 'true']);
  try {
    await clearOpenCapture(page, MODULE);
    await page.request.put('/api/v1/captures/goods-receipt-check/header', { data: { art: null, documentId: null } });
    await page.goto(`/${MODULE}`);
    await page.getByRole('main').getByRole('link', { name: 'Kopf bearbeiten' }).first().click();
    await page.getByRole('link', { name: 'Bestellung', exact: true }).click();
    await scannerBurst(page, order.barcode);
    await expect(page).toHaveURL(new RegExp(`/${MODULE}$`));
    // the list takes article scans once the checked document is loaded into it
    await expect(page.getByTestId('checked-document')).toContainText('Bestellung');
    await scannerBurst(page, line.ean13);
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${line.article_id}$`));
    await typeQuantity(page, String(line.pieces));
    await backOnList(page, MODULE);
    // Blind: the comparison waits until the (partial) count is finished.
    await page.getByTestId('checked-document').getByRole('button', { name: 'Zählung abschließen' }).click();
    await page.getByRole('button', { name: 'Trotzdem abschließen' }).click();
    const row = page.getByTestId('comparison-row').filter({ hasText: line.designation1 }).first();
    await expect(row).toHaveAttribute('data-status', 'deviating');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/module-settings');
    const card = page.getByRole('region', { name: 'Warenverprobung' });
    const amount = card.getByLabel('Toleranz als Menge');
    await expect(amount).toHaveValue('0');
    await amount.fill('abc');
    await card.getByRole('button', { name: 'Warenverprobung speichern' }).click();
    await expect(card.getByText('Bitte eine Zahl von 0 bis 999999 eingeben')).toBeVisible();
    await amount.fill('5');
    await card.getByRole('button', { name: 'Warenverprobung speichern' }).click();
    await expect(page.getByText('Einstellungen für Warenverprobung gespeichert')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Warenverprobung' }).getByLabel('Toleranz als Menge')).toHaveValue(
      '5',
    );
    // Someone else changed the percent meanwhile: the save is refused in German and the card shows their value.
    await db.query(restore, ['TOLERANZ_PROZENT', '11']);
    await card.getByLabel('Toleranz in Prozent').fill('12');
    await card.getByRole('button', { name: 'Warenverprobung speichern' }).click();
    await expect(page.getByText('Der Eintrag wurde inzwischen von jemand anderem geändert').first()).toBeVisible();
    await expect(card.getByLabel('Toleranz in Prozent')).toHaveValue('11');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await readmeScreen(page, 'admin-module-settings-1280');
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await readmeScreen(page, 'admin-module-settings-360');

    // The device's next config refresh (a new start of the app) brings the tolerance: the same count matches.
    // The finished count shows its comparison at once.
    await page.goto(`/${MODULE}`);
    await expect(page.getByTestId('comparison-row').filter({ hasText: line.designation1 }).first()).toHaveAttribute(
      'data-status',
      'ok',
    );
  } finally {
    await db.query(restore, ['TOLERANZ_MENGE', '0']);
    await db.query(restore, ['TOLERANZ_PROZENT', '10']);
    await db.query(restore, ['BLINDZAEHLUNG_BESTELLUNG', 'false']);
    await clearOpenCapture(page, MODULE);
  }
});
