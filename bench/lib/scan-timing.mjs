// The ms from a wedge scan's Enter key to the first frame showing its result, measured inside the page: the
// keys are one burst (as a scanner sends them), the frames are polled with requestAnimationFrame.

/** The app's User Timing marks of a scan's phases (apps/web/src/scanner/core/scan-marks.ts), in their order. */
export const SCAN_PHASES = ['enter', 'arbiter', 'resolved', 'article', 'navigate', 'commit', 'frame'];

/** Like timeScan, with the ms from Enter to each phase mark the app set for this scan (missing ones left out). */
export const timeScanPhases = (page, code, screen, { id = 0, designation = '' } = {}) =>
  page.evaluate(
    ({ code, id, designation, screen, phases }) =>
      new Promise((resolve, reject) => {
        for (const phase of phases) performance.clearMarks(`scan:${phase}`);
        const shown = {
          detail: () =>
            location.pathname.endsWith(`/artikel-info/${id}`) &&
            [...document.querySelectorAll('main h2')].some((h) => h.textContent === designation),
          // The entry sheet with the scanned article's name and its quantity field. The address follows a frame
          // later (entry-sheet.tsx); when it did is reported on its own (`addressMs`).
          form: () => {
            const sheet = document.querySelector('[data-testid="article-capture"]');
            return (
              sheet?.querySelector('input[aria-label="Menge"]') != null &&
              [...sheet.querySelectorAll('h3')].some((h) => h.textContent === designation)
            );
          },
          'open-code': () =>
            [...document.querySelectorAll('[data-testid="unresolved-code"]')].some((e) =>
              e.textContent?.includes(code),
            ),
        }[screen];
        let enterAt = 0;
        const giveUp = setTimeout(
          () => reject(new Error(`${code}: nothing shown (${screen}) within 20 s, on ${location.pathname}`)),
          20_000,
        );
        const addressed = () => screen !== 'form' || location.pathname.endsWith(`/artikel-erfassen/${id}`);
        let ms;
        const look = () => {
          if (ms === undefined && shown()) ms = performance.now() - enterAt;
          if (ms === undefined || !addressed()) {
            requestAnimationFrame(look);
            return;
          }
          clearTimeout(giveUp);
          const addressMs = performance.now() - enterAt;
          // The app marks the frame after its commit in a later animation frame callback: wait for it.
          setTimeout(() => {
            const at = {};
            for (const phase of phases) {
              const mark = performance.getEntriesByName(`scan:${phase}`, 'mark').at(-1);
              if (mark) at[phase] = mark.startTime - enterAt;
            }
            resolve({ ms, addressMs, at });
          }, 50);
        };
        for (const key of [...code, 'Enter']) {
          const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
          if (key === 'Enter') enterAt = event.timeStamp;
          (document.activeElement ?? document.body).dispatchEvent(event);
        }
        requestAnimationFrame(look);
      }),
    { code, id, designation, screen, phases: SCAN_PHASES },
  );

/**
 * Scans `code` on the open page and resolves with the ms until `screen` shows it: 'detail' (Artikel-Info with the
 * article's name), 'form' (the capture form with its quantity field) or 'open-code' (listed under 'Offene Codes').
 */
export const timeScan = async (page, code, screen, article) => (await timeScanPhases(page, code, screen, article)).ms;
