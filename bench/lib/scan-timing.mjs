// The ms from a wedge scan's Enter key to the first frame showing its result, measured inside the page: the
// keys are one burst (as a scanner sends them), the frames are polled with requestAnimationFrame.

/**
 * Scans `code` on the open page and resolves with the ms until `screen` shows it: 'detail' (Artikel-Info with the
 * article's name), 'form' (the capture form with its quantity field) or 'open-code' (listed under 'Offene Codes').
 */
export const timeScan = (page, code, screen, { id = 0, designation = '' } = {}) =>
  page.evaluate(
    ({ code, id, designation, screen }) =>
      new Promise((resolve, reject) => {
        const shown = {
          detail: () =>
            location.pathname.endsWith(`/artikel-info/${id}`) &&
            [...document.querySelectorAll('main h2')].some((h) => h.textContent === designation),
          form: () =>
            location.pathname.endsWith(`/artikel-erfassen/${id}`) &&
            document.querySelector('[data-testid="article-capture"] input[aria-label="Menge"]') !== null,
          'open-code': () =>
            [...document.querySelectorAll('[data-testid="unresolved-code"]')].some((e) =>
              e.textContent?.includes(code),
            ),
        }[screen];
        let enterAt = 0;
        const giveUp = setTimeout(() => reject(new Error(`${code}: nothing shown (${screen}) within 20 s`)), 20_000);
        const look = () => {
          if (shown()) {
            clearTimeout(giveUp);
            resolve(performance.now() - enterAt);
          } else requestAnimationFrame(look);
        };
        for (const key of [...code, 'Enter']) {
          const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
          if (key === 'Enter') enterAt = event.timeStamp;
          (document.activeElement ?? document.body).dispatchEvent(event);
        }
        requestAnimationFrame(look);
      }),
    { code, id, designation, screen },
  );
