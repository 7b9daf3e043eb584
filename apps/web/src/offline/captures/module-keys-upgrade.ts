import { captureModuleFromLegacyKey } from '@mde/contracts';
import type { Transaction } from 'dexie';

type Keyed = { module?: string; key?: string; result?: unknown; header?: unknown };

/** The module's glossary key for a row written while modules were keyed by their route ('mde-inventur'). */
const renamed = (module: string | undefined) => (module && captureModuleFromLegacyKey(module)) ?? module;

// Export answers kept on the device name their module too; they are shown again after a reload.
function renameInResult(result: unknown): unknown {
  if (!result || typeof result !== 'object' || !('documents' in result) || !Array.isArray(result.documents)) {
    return result;
  }
  return { ...result, documents: result.documents.map((d: Keyed) => ({ ...d, module: renamed(d.module) })) };
}

function renameRow<T extends Keyed>(row: T): T {
  const next: T = { ...row, module: renamed(row.module) };
  if ('result' in row) next.result = renameInResult(row.result);
  if (row.header && typeof row.header === 'object' && 'module' in row.header) {
    next.header = renameRow(row.header as Keyed);
  }
  return next;
}

/**
 * Captured work written before capture modules were keyed by their glossary name moves to the new keys in
 * one upgrade transaction, so nothing on the device is lost or left behind: lines, headers, the outbox,
 * refused changes, exports, cached capture articles and open codes. Tables whose primary key holds the
 * module (headers, articles) are written anew.
 */
export async function renameCaptureModuleKeys(tx: Transaction) {
  for (const table of ['lines', 'outbox', 'rejected', 'exports', 'unresolved']) {
    await tx
      .table(table)
      .toCollection()
      .modify((row: Keyed) => {
        Object.assign(row, renameRow(row));
      });
  }
  const headers = await tx.table('headers').toArray();
  await tx.table('headers').clear();
  await tx.table('headers').bulkAdd(
    headers.map((h: Keyed & { owner: number; vkforgId: number }) => {
      const row = renameRow(h);
      return { ...row, key: `${h.owner}:${row.module}:${h.vkforgId}` };
    }),
  );
  const articles = await tx.table('articles').toArray();
  await tx.table('articles').clear();
  await tx.table('articles').bulkAdd(articles.map((a: Keyed) => renameRow(a)));
}
