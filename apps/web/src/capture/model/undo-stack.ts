import type { CaptureLineRow } from '../../offline/captures/rows';

/** One saved scan: the line it touched and how that line was before (null: the scan created it). */
export interface UndoRecord {
  clientId: string;
  previous: CaptureLineRow | null;
}

const stacks = new Map<string, UndoRecord[]>();
const LIMIT = 50;

export function pushUndo(scopeKey: string, record: UndoRecord): void {
  const stack = stacks.get(scopeKey) ?? [];
  stack.push(record);
  if (stack.length > LIMIT) stack.shift();
  stacks.set(scopeKey, stack);
}

export const popUndo = (scopeKey: string): UndoRecord | undefined => stacks.get(scopeKey)?.pop();
export const canUndo = (scopeKey: string) => (stacks.get(scopeKey)?.length ?? 0) > 0;
