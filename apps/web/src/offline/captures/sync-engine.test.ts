import { CAPTURE_MSG, hasUnsafeChars, type SyncRequest } from '@mde/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeSyncServer } from '../../test/fake-sync-server';
import { CaptureDatabase } from './capture-db';
import { type LineDraft, queueExport, saveLine, setHeader } from './capture-store';
import { discardRejected } from './rejected';
import type { CaptureScope } from './rows';
import { backoffDelay, CaptureSyncEngine, EXPORT_RETRY_MAX_MS, type FailureKind, type PostSync } from './sync-engine';
import { getCaptureSyncState } from './sync-state';

let db: CaptureDatabase;
let n = 0;
beforeEach(() => {
  db = new CaptureDatabase(`capture-sync-test-${++n}`);
});
afterEach(async () => {
  await db.delete();
});

const scope: CaptureScope = { owner: 7, module: 'inventory-count', vkforgId: 11 };
const draft = (i: number, over: Partial<LineDraft> = {}): LineDraft => ({
  clientId: crypto.randomUUID(),
  articleId: 1000 + i,
  articleNumber: String(1000 + i),
  designation: `Artikel ${i}`,
  quantity: i + 1,
  unit: 'Stück',
  factor: 1,
  storageLocation: null,
  reason: null,
  capturedAt: new Date().toISOString(),
  ...over,
});

class NetworkLost extends Error {}
/** A 4xx for the request as a whole, e.g. a guard in front of the server that refuses the body. */
class Refused extends Error {}
const engineFor = (post: PostSync, session = { userId: 7, vkforgId: 11 }) =>
  new CaptureSyncEngine({
    db,
    post,
    session: () => session,
    classify: (e) => ({
      kind: (e instanceof Refused ? 'refused' : 'retry') as FailureKind,
      message: e instanceof Error ? e.message : 'x',
    }),
    maxBackoffMs: 1,
  });
const UNSAFE_UNIT = 'Ungültige Änderung: unit: Die Eingabe enthält unzulässige Zeichen';
const unitOf = (c: SyncRequest['changes'][number]) => (c.payload as { unit?: string } | undefined)?.unit ?? '';

/** Deterministic pseudo-random numbers, so a failing run can be repeated. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

async function drain(engine: CaptureSyncEngine, owner = 7) {
  for (let i = 0; i < 500 && (await db.outbox.where('owner').equals(owner).count()) > 0; i++) {
    await engine.syncNow();
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe('capture outbox sync', () => {
  it('delivers 500 lines exactly once while answers are lost, 503s come back and requests arrive twice', async () => {
    const server = fakeSyncServer();
    const rnd = random(42);
    const faults = { lost: 0, unavailable: 0, twice: 0 };
    const post: PostSync = async (body: SyncRequest) => {
      const roll = rnd();
      if (roll < 0.2) {
        faults.unavailable++;
        throw new NetworkLost('503');
      }
      const copy = structuredClone(body);
      const first = server.handle(copy);
      if (roll < 0.45) {
        faults.lost++;
        throw new NetworkLost('answer lost');
      }
      if (roll < 0.65) {
        faults.twice++;
        return server.handle(copy);
      }
      return first;
    };
    // Small batches, so the faults hit many requests.
    const engine = engineFor(post);
    for (let i = 0; i < 500; i++) {
      await saveLine(db, scope, draft(i));
      if (i % 37 === 0) void engine.syncNow();
    }
    await drain(engine);

    expect(await db.outbox.count()).toBe(0);
    expect(server.rows.size).toBe(500);
    expect(server.applied).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect((await db.lines.toArray()).every((l) => l.state === 'synced')).toBe(true);
    expect(faults.lost).toBeGreaterThan(0);
    expect(faults.unavailable).toBeGreaterThan(0);
    expect(faults.twice).toBeGreaterThan(0);
  });

  it('keeps a refused line, lists it with the reason, and still sends the changes after it', async () => {
    const server = fakeSyncServer();
    server.rejectKind('set-header');
    await setHeader(db, scope, { lager: 1101, belegdatum: '2026-11-22' });
    const line = await saveLine(db, scope, draft(1));
    await engineFor(async (b) => server.handle(b)).syncNow();
    const rejected = await db.rejected.toArray();
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ kind: 'set-header', reason: 'Abgelehnt' });
    expect((await db.lines.get(line.clientId))?.state).toBe('synced');
  });

  it('marks a refused line as not synchronised and never deletes it', async () => {
    const server = fakeSyncServer();
    server.rejectKind('upsert-line');
    const line = await saveLine(db, scope, draft(1));
    await engineFor(async (b) => server.handle(b)).syncNow();
    expect(await db.lines.get(line.clientId)).toMatchObject({ state: 'rejected', note: 'Abgelehnt' });
    expect(await db.rejected.count()).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends only the signed-in user’s changes, and a capture of another store waits for that store', async () => {
    const server = fakeSyncServer();
    await saveLine(db, { ...scope, owner: 8 }, draft(1));
    await saveLine(db, { ...scope, vkforgId: 12 }, draft(2));
    await saveLine(db, scope, draft(3));
    await engineFor(async (b) => server.handle(b)).syncNow();
    expect(server.rows.size).toBe(1);
    expect(await db.outbox.count()).toBe(2);
    await engineFor(async (b) => server.handle(b), { userId: 7, vkforgId: 12 }).syncNow();
    expect(server.rows.size).toBe(2);
  });

  it('sends an export queued offline once the connection returns and then empties the list', async () => {
    const server = fakeSyncServer();
    let online = false;
    const engine = engineFor(async (b) => {
      if (!online) throw new NetworkLost('offline');
      return server.handle(b);
    });
    for (let i = 0; i < 3; i++) await saveLine(db, scope, draft(i));
    const key = await queueExport(db, scope, null);
    await engine.syncNow();
    expect(await db.exports.get(key)).toMatchObject({ state: 'queued', lineCount: 3 });
    online = true;
    await drain(engine);
    expect(server.exports).toEqual([key]);
    expect(await db.exports.get(key)).toMatchObject({ state: 'done' });
    expect(await db.lines.count()).toBe(0);
  });

  it('puts lines and header back when the server refuses the export', async () => {
    const server = fakeSyncServer();
    server.rejectKind('export');
    await setHeader(db, scope, { lager: 1101, belegdatum: '2026-11-22' });
    await saveLine(db, scope, draft(1));
    await queueExport(db, scope, null);
    // the next capture keeps the warehouse; the past document date is asked again
    expect((await db.headers.toArray()).map((h) => h.header)).toEqual([
      { datum: null, lager: 1101, belegdatum: null, supplierId: null },
    ]);
    await engineFor(async (b) => server.handle(b)).syncNow();
    expect((await db.lines.toArray()).map((l) => l.exportKey)).toEqual([null]);
    expect((await db.headers.toArray()).map((h) => h.header)).toEqual([{ lager: 1101, belegdatum: '2026-11-22' }]);
    expect(await db.rejected.toArray()).toMatchObject([{ kind: 'export', reason: 'Abgelehnt' }]);
  });

  it('sets a refused change aside with its reason and syncs the 49 others', async () => {
    const server = fakeSyncServer();
    server.rejectWhen((c) => (hasUnsafeChars(unitOf(c)) ? UNSAFE_UNIT : null));
    const lines = [];
    for (let i = 0; i < 50; i++) lines.push(await saveLine(db, scope, draft(i, i === 20 ? { unit: 'St\u0000k' } : {})));
    await engineFor(async (b) => server.handle(b)).syncNow();
    expect(server.liveRows()).toHaveLength(49);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rejected.toArray()).toMatchObject([{ clientId: lines[20]?.clientId, reason: UNSAFE_UNIT }]);
    const states = (await db.lines.toArray()).map((l) => l.state);
    expect(states.filter((s) => s === 'synced')).toHaveLength(49);
    expect(await db.lines.get(lines[20]?.clientId ?? '')).toMatchObject({ state: 'rejected', note: UNSAFE_UNIT });
  });

  it('a set-aside line fixed by editing it queues a new change, leaves the list and syncs', async () => {
    const server = fakeSyncServer();
    server.rejectWhen((c) => (hasUnsafeChars(unitOf(c)) ? UNSAFE_UNIT : null));
    const bad = await saveLine(db, scope, draft(1, { unit: 'St\uD800k' }));
    const engine = engineFor(async (b) => server.handle(b));
    await engine.syncNow();
    expect(await db.rejected.count()).toBe(1);
    await saveLine(db, scope, { ...bad, unit: 'Stück' });
    expect(await db.rejected.count()).toBe(0);
    await engine.syncNow();
    expect(server.liveRows()).toHaveLength(1);
    expect(await db.lines.get(bad.clientId)).toMatchObject({ state: 'synced', unit: 'Stück' });
  });

  it('deleting a set-aside change clears it and drops the line the server never took', async () => {
    const server = fakeSyncServer();
    server.rejectWhen((c) => (hasUnsafeChars(unitOf(c)) ? UNSAFE_UNIT : null));
    const bad = await saveLine(db, scope, draft(1, { unit: 'St\u0000k' }));
    await engineFor(async (b) => server.handle(b)).syncNow();
    const [entry] = await db.rejected.toArray();
    await discardRejected(db, entry?.id as number);
    expect(await db.rejected.count()).toBe(0);
    expect(await db.lines.get(bad.clientId)).toBeUndefined();
  });

  it('a 4xx for the whole batch does not jam: the batch is split, the bad changes set aside, the rest sent', async () => {
    const server = fakeSyncServer();
    let requests = 0;
    const post: PostSync = async (body) => {
      requests++;
      if (body.changes.some((c) => hasUnsafeChars(unitOf(c))))
        throw new Refused('Die Eingabe enthält unzulässige Zeichen');
      return server.handle(body);
    };
    const bad = new Set([37, 90]);
    const lines = [];
    for (let i = 0; i < 120; i++)
      lines.push(await saveLine(db, scope, draft(i, bad.has(i) ? { unit: 'St\u0000k' } : {})));
    await drain(engineFor(post));
    expect(await db.outbox.count()).toBe(0);
    expect(server.liveRows()).toHaveLength(118);
    // The set-aside changes gave their numbers back: the server saw no gap.
    expect(server.applied).toEqual(Array.from({ length: 118 }, (_, i) => i + 1));
    const rejected = await db.rejected.toArray();
    expect(rejected.map((r) => r.clientId).sort()).toEqual([lines[37]?.clientId, lines[90]?.clientId].sort());
    expect(rejected.every((r) => r.reason === 'Die Eingabe enthält unzulässige Zeichen')).toBe(true);
    expect(requests).toBeLessThan(40);
  });

  it('a line answered pending because its capture was exported meanwhile is sent again and then syncs', async () => {
    const server = fakeSyncServer();
    let exportedMeanwhile = true;
    const engine = engineFor(async (body) => {
      if (!exportedMeanwhile) return server.handle(body);
      exportedMeanwhile = false;
      const results = body.changes.map((c) => ({
        seq: c.seq,
        clientId: c.clientId,
        status: 'pending' as const,
        reason: CAPTURE_MSG.captureExportedMeanwhile,
        serverVersion: 0,
      }));
      return { lastAppliedSeq: 0, results };
    });
    const line = await saveLine(db, scope, draft(1));
    await drain(engine);
    engine.stop();
    expect(server.liveRows()).toHaveLength(1);
    expect(server.applied).toEqual([1]);
    expect(await db.lines.get(line.clientId)).toMatchObject({ state: 'synced' });
    expect(await db.rejected.count()).toBe(0);
  });

  it('backs off on network errors and 5xx: doubling, capped, with jitter, and starts over after a success', async () => {
    let fail = true;
    const server = fakeSyncServer();
    const rolls = [0, 1, 0.5, 0, 1, 0.5];
    const engine = new CaptureSyncEngine({
      db,
      post: async (b) => {
        if (fail) throw new NetworkLost('503 Service Unavailable');
        return server.handle(b);
      },
      session: () => ({ userId: 7, vkforgId: 11 }),
      classify: (e) => ({ kind: 'retry', message: e instanceof Error ? e.message : 'x' }),
      // Long waits, so no retry timer fires between the rounds this test runs itself.
      baseBackoffMs: 10_000,
      maxBackoffMs: 80_000,
      random: () => rolls.shift() ?? 0,
    });
    await saveLine(db, scope, draft(1));
    const waits: (number | null)[] = [];
    for (let i = 0; i < 6; i++) {
      await engine.syncNow();
      waits.push(getCaptureSyncState().retryInMs);
    }
    // Each wait lies in the upper half of min(80 s, 10 s · 2^(n-1)); where in it is the jitter's roll.
    expect(waits).toEqual([5000, 20_000, 30_000, 40_000, 80_000, 60_000]);
    expect(getCaptureSyncState()).toMatchObject({ phase: 'waiting', lastError: '503 Service Unavailable' });
    expect(await db.outbox.count()).toBe(1);
    fail = false;
    await engine.syncNow();
    engine.stop();
    expect(getCaptureSyncState()).toMatchObject({ phase: 'idle', retryInMs: null });
    expect(server.liveRows()).toHaveLength(1);
  });
});

describe('an export waiting for the connection', () => {
  it('is asked again every 2 s at most, while lines alone back off up to the usual cap', async () => {
    const engine = (exportBackoffMs?: number) =>
      new CaptureSyncEngine({
        db,
        post: async () => {
          throw new NetworkLost('offline');
        },
        session: () => ({ userId: 7, vkforgId: 11 }),
        classify: (e) => ({ kind: 'retry', message: e instanceof Error ? e.message : 'x' }),
        baseBackoffMs: 1000,
        maxBackoffMs: 30_000,
        ...(exportBackoffMs === undefined ? {} : { exportBackoffMs }),
        random: () => 1,
      });
    const waits = async (e: CaptureSyncEngine) => {
      const seen: (number | null)[] = [];
      for (let i = 0; i < 7; i++) {
        await e.syncNow();
        seen.push(getCaptureSyncState().retryInMs);
      }
      e.stop();
      return seen;
    };
    await saveLine(db, scope, draft(1));
    expect(await waits(engine())).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    await queueExport(db, scope, null);
    expect(await waits(engine())).toEqual([1000, 2000, 2000, 2000, 2000, 2000, 2000]);
    expect(EXPORT_RETRY_MAX_MS).toBe(2000);
  });
});

describe('backoffDelay', () => {
  it('doubles from the base up to the cap and keeps at least half of it', () => {
    const low = Array.from({ length: 8 }, (_, i) => backoffDelay(i + 1, 1000, 30_000, () => 0));
    const high = Array.from({ length: 8 }, (_, i) => backoffDelay(i + 1, 1000, 30_000, () => 1));
    expect(high).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(low).toEqual(high.map((h) => h / 2));
  });
});
