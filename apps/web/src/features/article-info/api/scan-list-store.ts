import type { ArticleLookup } from '@mde/contracts';
import { useLiveQuery } from '../../../capture/hooks/use-live-query';
import type { ScanListRow } from '../../../offline/article-cache/scan-list';
import { db } from '../../../offline/db';
import { mergeScan, scanListKey, sortScanList } from '../model/scan-list';

// The scan list lives in IndexedDB (a reload keeps it), one list per vkforg.

export async function addScan(
  vkforgId: number,
  code: string,
  lookup: ArticleLookup,
  snapshotAt: string | null,
): Promise<ScanListRow> {
  return db.transaction('rw', db.articleScanList, async () => {
    const key = scanListKey(vkforgId, lookup.article.idartstamm, lookup.unit);
    const row = mergeScan(await db.articleScanList.get(key), vkforgId, code, lookup, snapshotAt, new Date());
    await db.articleScanList.put(row);
    return row;
  });
}

export const clearScanList = (vkforgId: number) => db.articleScanList.where('vkforgId').equals(vkforgId).delete();

/** The vkforg's scan list, newest first, live: undefined while it loads. */
export function useScanList(vkforgId: number): ScanListRow[] | undefined {
  // A list the device cannot read shows as empty, not as loading for ever.
  return useLiveQuery(
    () =>
      db.articleScanList
        .where('vkforgId')
        .equals(vkforgId)
        .toArray()
        .then(sortScanList, () => []),
    [vkforgId],
  );
}
