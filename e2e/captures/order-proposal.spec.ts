import type { Page } from '@playwright/test';
import { type Db, expect, test } from '../fixtures';
import {
  captureLines,
  clearOpenCapture,
  type DemoArticle,
  demoArticles,
  exportedDocuments,
  isoDay,
  openExportDialog,
  scannerBurst,
  serverLines,
  shownDate,
} from '../support/capture-page';

// Bestellvorschlag (docs/modules.md#bestellvorschlag): delivery date step (LIEFERTERMIN_EINGEBBAR = 'true' in firma 1),
// scan, the server's 'Vorschlag' shown and taken over, export to a BV document.

const MODULE = 'mde-bestellvorschlag';

interface Proposal {
  proposal: number;
  orderUnits: number;
  unit: string;
  factor: number;
}

/** The first demo article the server proposes to order, in the order unit it is proposed in. */
async function articleWithProposal(page: Page, db: Db, orderUnit: (p: Proposal) => boolean) {
  for (const article of await demoArticles(db, 60)) {
    const res = await page.request.get(`/api/v1/captures/order-proposal/proposal/${article.id}`);
    const proposal = (await res.json()) as Proposal;
    if (proposal.proposal > 0 && orderUnit(proposal)) return { article, proposal };
  }
  throw new Error('no demo article with a proposal');
}

async function startWithDeliveryDate(page: Page, datum: string) {
  await page.goto('/mde-bestellvorschlag/liefertermin');
  await page.getByLabel('Liefertermin').fill(datum);
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await expect(page).toHaveURL(/\/mde-bestellvorschlag$/);
  await expect(page.getByTestId('capture-header')).toContainText(`Liefertermin: ${shownDate(datum)}`);
}

async function scanAndTakeProposal(page: Page, article: DemoArticle, proposal: Proposal) {
  await scannerBurst(page, article.ean13);
  await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${article.id}$`));
  await expect(page.getByRole('heading', { name: article.designation1 })).toBeVisible();
  const shown = page.getByTestId('proposal');
  await expect(shown).toContainText(`Vorschlag: ${proposal.orderUnits} ${proposal.unit}`);
  const quantity = page.getByLabel('Menge', { exact: true });
  // The user first types something else; taking the proposal over replaces it.
  await quantity.fill('1');
  await shown.getByRole('button', { name: 'Vorschlag übernehmen' }).click();
  await expect(quantity).toHaveValue(String(proposal.orderUnits));
  await expect(page.getByRole('combobox', { name: 'Einheit' })).toHaveValue(proposal.unit);
  await quantity.press('Enter');
  await expect(page).toHaveURL(/\/mde-bestellvorschlag$/);
}

test.describe('Bestellvorschlag', () => {
  test.beforeEach(async ({ loggedInPage: page }) => clearOpenCapture(page, MODULE));

  test('delivery date, scan, take the proposal over, export: BV document', async ({ loggedInPage: page, db }) => {
    // The order unit is the base unit here, so the scanned code's unit is the proposal's unit.
    const { article, proposal } = await articleWithProposal(page, db, (p) => p.factor === 1);
    const datum = isoDay(5);
    await startWithDeliveryDate(page, datum);
    await scanAndTakeProposal(page, article, proposal);

    await expect(captureLines(page)).toHaveCount(1);
    await expect(captureLines(page).first().getByTestId('line-quantity')).toHaveText(
      `${proposal.orderUnits} ${proposal.unit}`,
    );
    await expect
      .poll(async () => (await serverLines(db, MODULE)).map((r) => [r.article_id, r.quantity, r.unit]))
      .toEqual([[article.id, proposal.orderUnits, proposal.unit]]);

    const dialog = await openExportDialog(page);
    await expect(dialog.getByText('Soll die Bestellung per EDI übertragen werden?')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('document-numbers')).toContainText(/BV-\d{4}-\d{6}/);
    await expect(captureLines(page)).toHaveCount(0);
    const docs = await exportedDocuments(db, MODULE);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ datum, line_count: 1, edi: null });
    expect(docs[0]?.number).toMatch(/^BV-\d{4}-\d{6}$/);
    await expect(page.getByTestId('document-numbers')).toHaveText(`Beleg ${docs[0]?.number} wurde erstellt.`);
  });

  // Taking the proposal over takes its unit too: a proposal in Karton after a scan of the piece EAN.
  test('a proposal in Karton taken over after scanning the piece EAN is ordered in Karton', async ({
    loggedInPage: page,
    db,
  }) => {
    const { article, proposal } = await articleWithProposal(page, db, (p) => p.factor > 1);
    await startWithDeliveryDate(page, isoDay(3));
    await scanAndTakeProposal(page, article, proposal);
    await expect
      .poll(async () => (await serverLines(db, MODULE)).map((r) => [r.quantity, r.unit]))
      .toEqual([[proposal.orderUnits, proposal.unit]]);
  });
});
