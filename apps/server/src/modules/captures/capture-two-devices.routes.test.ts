import type { Capture, SyncChange, SyncResponse } from '@mde/contracts';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { FX, insertFixtures, now, resetCaptures, uuid } from '../../test/capture-fixtures';
import { DEMO, useTestApp } from '../../test/test-app';

// One user on two devices: two logins of demo are two sessions, each with its own device id.
const t = useTestApp({ prepare: (t) => insertFixtures(t.db) });
// Two logins of the same user: two sessions, as on two devices.
const phone = t.login(DEMO);
const handheld = t.login(DEMO);
beforeEach(() => resetCaptures(t.db));

const HEADER = { lager: 1101, belegdatum: '2026-11-26' };
const syncOk = async (request: typeof phone, deviceId: string, changes: SyncChange[]): Promise<SyncResponse> => {
  const res = await request({
    method: 'POST',
    url: '/api/v1/captures/sync',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ deviceId, changes }),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const setHeader = (seq: number): SyncChange => ({
  seq,
  clientId: `header-${uuid()}`,
  module: 'inventory-count',
  kind: 'set-header',
  vkforgId: 11,
  payload: { ...HEADER, updatedAt: now() },
});
/** A counted line as a device sends it: with the header its screen showed when the line was made. */
const line = (seq: number, clientId = uuid()): SyncChange => ({
  seq,
  clientId,
  module: 'inventory-count',
  kind: 'upsert-line',
  vkforgId: 11,
  // As the device sends it: with the time the header was chosen there, before any of these changes.
  header: { ...HEADER, updatedAt: '2026-11-26T06:00:00.000Z' },
  payload: { articleId: FX.milk, quantity: 1, capturedAt: now() },
});
const exportChange = (seq: number): SyncChange => ({
  seq,
  clientId: uuid(),
  module: 'inventory-count',
  kind: 'export',
  vkforgId: 11,
  payload: {},
});
const openCapture = async (request: typeof phone): Promise<Capture> =>
  (await request({ method: 'GET', url: '/api/v1/captures/inventory-count' })).json();

describe('one user on two devices: captures', () => {
  it('a second device sees the open capture with its header and lines', async () => {
    const ids = [uuid(), uuid()];
    await syncOk(phone, 'phone-0001', [setHeader(1), line(2, ids[0]), line(3, ids[1])]);
    const seen = await openCapture(handheld);
    expect(seen.header).toMatchObject(HEADER);
    expect(seen.lines.map((l) => l.clientId).sort()).toEqual([...ids].sort());
  });

  it('a line synced after the other device exported goes into the next capture with the header it was made under', async () => {
    await syncOk(phone, 'phone-0002', [setHeader(1), line(2)]);
    await syncOk(handheld, 'hand-0002', [line(1)]);
    const exported = await syncOk(phone, 'phone-0002', [exportChange(3)]);
    expect(exported.results[0]?.status).toBe('applied');

    const late = await syncOk(handheld, 'hand-0002', [line(2), line(3)]);
    expect(late.results.map((r) => [r.status, r.reason])).toEqual([
      ['applied', undefined],
      ['applied', undefined],
    ]);
    const next = await openCapture(phone);
    expect(next.header).toMatchObject(HEADER);
    expect(next.lines).toHaveLength(2);
  });

  it('a line completes the next capture from its header when the exporting device carried only part of one', async () => {
    await syncOk(phone, 'phone-0004', [setHeader(1), line(2)]);
    // The count was dated yesterday: the phone's next capture keeps the warehouse but not the Belegdatum.
    const carried: SyncChange = { ...setHeader(4), payload: { lager: 1101, updatedAt: now() } };
    await syncOk(phone, 'phone-0004', [exportChange(3), carried]);
    const late = await syncOk(handheld, 'hand-0004', [line(1)]);
    expect(late.results.map((r) => [r.status, r.reason])).toEqual([['applied', undefined]]);
    expect((await openCapture(phone)).header).toMatchObject(HEADER);
  });

  it('sets nothing aside while one device exports and the other syncs, round after round', async () => {
    await syncOk(phone, 'phone-0003', [setHeader(1)]);
    let phoneSeq = 1;
    let handSeq = 0;
    const answers: SyncResponse['results'] = [];
    for (let round = 0; round < 15; round++) {
      const phoneLines = [line(++phoneSeq), line(++phoneSeq)];
      const handLines = Array.from({ length: 10 }, () => line(++handSeq));
      await syncOk(phone, 'phone-0003', phoneLines);
      // The handheld's lines race the phone's export; the phone sends no new header after it.
      const [handheldAnswer] = await Promise.all([
        syncOk(handheld, 'hand-0003', handLines),
        syncOk(phone, 'phone-0003', [exportChange(++phoneSeq)]),
      ]);
      // A change answered 'pending' (the capture was exported while it waited) is sent again, as the outbox does.
      let pending = handLines.filter((c) =>
        handheldAnswer.results.some((r) => r.seq === c.seq && r.status === 'pending'),
      );
      answers.push(...handheldAnswer.results.filter((r) => r.status !== 'pending'));
      while (pending.length > 0) {
        const again = await syncOk(handheld, 'hand-0003', pending);
        answers.push(...again.results.filter((r) => r.status !== 'pending'));
        pending = pending.filter((c) => again.results.some((r) => r.seq === c.seq && r.status === 'pending'));
      }
    }
    expect(answers.filter((r) => r.status !== 'applied')).toEqual([]);
    expect(answers).toHaveLength(150);
    const stored = await sql<{ n: number }>`select count(*)::int as n from capture_line where deleted = false`.execute(
      t.db,
    );
    expect(stored.rows[0]?.n).toBe(150 + 15 * 2);
  });
});
