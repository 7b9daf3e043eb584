// Steps both capture benches take in the browser: wait for the offline article cache of the session's
// vkforg, then read from the page's own IndexedDB the cached articles that have an EAN-13 on the base unit.

/** Resolves once the article cache of the page's session is complete. */
export async function waitForArticleCache(page) {
  await page.waitForFunction(() => window.__mdeArticleCache?.progress().state === 'complete', null, {
    timeout: 300_000,
    polling: 200,
  });
}

/** The cached articles with an EAN-13 on the base unit: id, number, designation, base unit and that EAN. */
export function cachedArticlesWithEan(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('mde');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('articleCache').objectStore('articleCache').getAll();
          const baseEan = (r) => r.codes.find((c) => c.factor === 1 && c.code.length === 13)?.code;
          all.onsuccess = () =>
            resolve(
              all.result
                .filter((r) => baseEan(r))
                .map((r) => ({
                  id: r.idartstamm,
                  number: r.number,
                  designation: r.designation1,
                  baseUnit: r.baseUnit,
                  ean: baseEan(r),
                })),
            );
        };
      }),
  );
}
