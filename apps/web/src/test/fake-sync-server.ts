import type { SyncChange, SyncRequest, SyncResponse } from '@mde/contracts';

/**
 * The server's sync rules in memory for engine tests (capture-sync.service.ts on the server): per device
 * the last applied seq; repeats are 'duplicate', gaps 'pending'. Rows are keyed by client id.
 */
export function fakeSyncServer() {
  let lastSeq = 0;
  const rows = new Map<string, { quantity: number; deleted: boolean }>();
  const applied: number[] = [];
  const exports: string[] = [];
  let rejectKinds = new Set<string>();
  let rejectIf: (change: SyncChange) => string | null = () => null;

  function handle(body: SyncRequest): SyncResponse {
    const results: SyncResponse['results'] = [];
    for (const c of [...body.changes].sort((a, b) => a.seq - b.seq)) {
      const base = { seq: c.seq, clientId: c.clientId, serverVersion: 1 };
      if (c.seq <= lastSeq) results.push({ ...base, status: 'duplicate', firstStatus: 'applied' });
      else if (c.seq > lastSeq + 1) results.push({ ...base, status: 'pending', reason: 'gap' });
      else {
        lastSeq = c.seq;
        applied.push(c.seq);
        const refused = rejectKinds.has(c.kind) ? 'Abgelehnt' : rejectIf(c);
        if (refused) {
          results.push({ ...base, status: 'rejected', reason: refused });
          continue;
        }
        const p = c.payload as { quantity?: number };
        if (c.kind === 'upsert-line') rows.set(c.clientId, { quantity: p.quantity ?? 0, deleted: false });
        if (c.kind === 'delete-line') rows.set(c.clientId, { quantity: 0, deleted: true });
        if (c.kind === 'export') exports.push(c.clientId);
        results.push({ ...base, status: 'applied' });
      }
    }
    return { lastAppliedSeq: lastSeq, results };
  }

  return {
    handle,
    rows,
    applied,
    exports,
    rejectKind: (kind: string) => {
      rejectKinds = new Set([kind]);
    },
    /** Rejects each change for which `reason` gives a reason, as the server does with a bad payload. */
    rejectWhen: (reason: (change: SyncChange) => string | null) => {
      rejectIf = reason;
    },
    liveRows: () => [...rows.values()].filter((r) => !r.deleted),
  };
}
