import { type CaptureDatabase, captureDb } from '../../offline/captures/capture-db';
import * as queries from '../../offline/captures/capture-queries';
import * as store from '../../offline/captures/capture-store';
import * as rejected from '../../offline/captures/rejected';
import type { CaptureScope } from '../../offline/captures/rows';
import { noteHeader } from './known-headers';

// The capture engine's device store as screens, features and the app shell use it: its commands and reads
// bound to this device's database. Only capture/ knows the database itself (docs/conventions.md#layer-rules).

type Bound<F> = F extends (db: CaptureDatabase, ...args: infer A) => infer R ? (...args: A) => R : never;
const bind = <F extends (db: CaptureDatabase, ...args: never[]) => unknown>(command: F) =>
  ((...args: never[]) => command(captureDb, ...args)) as Bound<F>;

export type { CaptureScope };

/** Saves the header; the screens that open next know it at once (known-headers.ts). */
export async function setHeader(...args: Parameters<Bound<typeof store.setHeader>>) {
  const row = await store.setHeader(captureDb, ...args);
  noteHeader(args[0], row);
  return row;
}
export const saveLines = bind(store.saveLines);
export const deleteLine = bind(store.deleteLine);
export const restoreLine = bind(store.restoreLine);
export const queueExport = bind(store.queueExport);
export const addUnresolvedCode = bind(store.addUnresolvedCode);
export const removeUnresolvedCode = bind(store.removeUnresolvedCode);
export const retryRejected = bind(rejected.retryRejected);
export const discardRejected = bind(rejected.discardRejected);

export const countListedLines = (scope: CaptureScope) => store.listedLines(captureDb, scope).count();
export const countWaiting = bind(queries.countWaiting);
export const countPendingLinesOnDevice = bind(queries.countPendingLinesOnDevice);
export const rejectedOf = bind(queries.rejectedOf);
export const editableLineIds = bind(queries.editableLineIds);
export const lineByClientId = bind(queries.lineByClientId);
