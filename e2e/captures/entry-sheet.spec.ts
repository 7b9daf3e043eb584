import { expect, test } from '../fixtures';
import {
  backOnList,
  captureArticle,
  captureLines,
  clearOpenCapture,
  demoArticles,
  openInventurList,
  quantityField,
  scannerBurst,
  serverLines,
  typeQuantity,
} from '../support/capture-page';

// The entry of a line is a sheet over the capture list (docs/modules.md#capture-engine): the list stays
// mounted behind it, the address names the line. A scan while the sheet opens is answered, and back, reload
// and a link to a line work as they did when the entry was a screen of its own.

const MODULE = 'mde-inventur';

test.describe('Entry sheet over the capture list', () => {
  test.beforeEach(async ({ loggedInPage: page }) => clearOpenCapture(page, MODULE));

  test('a second scan fired before the sheet is drawn is answered after it, none is lost', async ({
    loggedInPage: page,
    db,
  }) => {
    const [a, b, c, d] = await demoArticles(db, 4, 20);
    if (!a || !b || !c || !d) throw new Error('demo articles missing');
    await openInventurList(page, { quick: false });

    // Two scans in one go: the second arrives while the list still looks up the first.
    await scannerBurst(page, [a.ean13, b.ean13], 0);
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${b.id}$`));
    await expect(page.getByRole('heading', { name: b.designation1 })).toBeVisible();
    await typeQuantity(page, '4');
    await backOnList(page, MODULE);

    // The second scan fired in the moment the address has changed and the sheet is not drawn yet.
    await page.evaluate((second) => {
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        push(...args);
        history.pushState = push;
        const target = document.activeElement ?? document.body;
        // Made before the first is sent: each key's time is the scanner's (support/capture-page.ts scannerBurst).
        const keys = [...second, 'Enter'].flatMap((key) =>
          ['keydown', 'keyup'].map(
            (type) => new KeyboardEvent(type, { key, bubbles: true, cancelable: true, composed: true }),
          ),
        );
        for (const key of keys) target.dispatchEvent(key);
      };
    }, d.ean13);
    await scannerBurst(page, c.ean13, 0);
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${d.id}$`));
    await expect(page.getByRole('heading', { name: d.designation1 })).toBeVisible();
    await typeQuantity(page, '6');
    await backOnList(page, MODULE);

    // Each second scan opened its article once; nothing was refused as a scan without a screen.
    await expect(captureLines(page)).toHaveCount(2);
    await expect(page.getByText('Scan hier nicht möglich')).toHaveCount(0);
    await expect
      .poll(async () => (await serverLines(db, MODULE)).map((r) => [r.article_id, r.quantity]).sort())
      .toEqual(
        [
          [b.id, 4],
          [d.id, 6],
        ].sort(),
      );
  });

  test('back, reload and a link to a line: the list behind the sheet keeps its state and scroll', async ({
    loggedInPage: page,
    db,
  }) => {
    const [a, b, c] = await demoArticles(db, 3, 24);
    if (!a || !b || !c) throw new Error('demo articles missing');
    await page.setViewportSize({ width: 390, height: 500 });
    await openInventurList(page, { quick: false });
    await captureArticle(page, MODULE, a, '2');

    // State of the list (the documents shown) and where it was scrolled.
    await page.getByRole('button', { name: 'Belege der letzten 30 Tage' }).click();
    await expect(page.getByRole('button', { name: 'Belege der letzten 30 Tage' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);

    await scannerBurst(page, b.ean13);
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${b.id}$`));
    await expect(quantityField(page)).toBeVisible();
    // One screen for screen readers and journeys: the list behind the sheet is hidden.
    await expect(page.getByTestId('capture-list')).toBeHidden();
    await expect(page).toHaveTitle(/^Inventur – Artikel erfassen/);

    await page.goBack();
    await backOnList(page, MODULE);
    await expect(page.getByRole('button', { name: 'Belege der letzten 30 Tage' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // It was scrolled to its end: it is at its end again (the page may have changed by a line meanwhile, a
    // notice or the sync strip, so the same end can lie a few pixels higher or lower).
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            window.scrollY > 0 &&
            Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
        ),
      )
      .toBe(true);
    await expect(page).toHaveTitle(/^Inventur – Erfassungsliste/);

    // Forward to the line again, then reload it: the sheet is there with its article.
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${b.id}$`));
    await page.reload();
    await expect(page.getByRole('heading', { name: b.designation1 })).toBeVisible();
    await expect(quantityField(page)).toBeVisible();
    await expect(page.getByTestId('capture-list')).toBeHidden();

    // A link straight to an article's entry: the sheet opens over its list, saving shows the list with the line.
    await page.goto(`/${MODULE}/artikel-erfassen/${c.id}`);
    await expect(page.getByRole('heading', { name: c.designation1 })).toBeVisible();
    await typeQuantity(page, '5');
    await backOnList(page, MODULE);
    await expect(captureLines(page)).toHaveCount(2);
    await expect(captureLines(page).first()).toHaveAttribute('data-article', c.number);
  });
});
