import { CAPTURE_MSG, type SyncResponse } from '@mde/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { captureRouteTestApp, FX, now, uuid } from '../../test/capture-fixtures';

// Line writes racing an export of the same open capture, with real concurrency: PostgreSQL only (PGlite has
// one connection, so its writes take turns). A write that waited on the export's lock finds its capture
// exported: it is a 409 with a German message (REST) or 'pending' (sync, the device sends it again and it
// lands in the new open capture), never a 500.

const ctx = captureRouteTestApp();

const base = '/api/v1/captures';
const module = 'order-proposal';
const putLine = () =>
  ctx.demo({
    method: 'PUT',
    url: `${base}/${module}/lines/${uuid()}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ articleId: FX.milk, quantity: 1, capturedAt: now() }),
  });
const exportIt = () =>
  ctx.demo({
    method: 'POST',
    url: `${base}/${module}/export`,
    headers: { 'content-type': 'application/json', 'idempotency-key': uuid() },
    payload: '{}',
  });
const sync = (deviceId: string, seq: number) =>
  ctx.demo({
    method: 'POST',
    url: `${base}/sync`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      deviceId,
      changes: [
        {
          seq,
          clientId: uuid(),
          module,
          kind: 'upsert-line',
          payload: { articleId: FX.milk, quantity: 1, capturedAt: now() },
        },
      ],
    }),
  });
const lineCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from capture_line`.execute(ctx.t.db)).rows[0]?.n);

describe.skipIf(!process.env.TEST_DATABASE_URL)('export racing line writes (PostgreSQL)', () => {
  it('REST: 200 concurrent line writes during exports answer 200 or 409, never 500', async () => {
    for (let i = 0; i < 5; i++) expect((await putLine()).statusCode).toBe(200);
    const writes = Array.from({ length: 200 }, () => putLine());
    const exports = Array.from({ length: 4 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, 5 * i)).then(exportIt),
    );
    const answers = await Promise.all(writes);
    const exported = await Promise.all(exports);
    expect(exported.map((r) => r.statusCode).every((s) => s === 200 || s === 400)).toBe(true);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json()).toEqual({ code: 'CONFLICT', message: CAPTURE_MSG.captureJustExported });
    // Every 200 is a stored line, every 409 stored nothing.
    expect(await lineCount()).toBe(5 + statuses.filter((s) => s === 200).length);
  });

  it('sync: a change that waited on an export is answered pending, and its resend applies in the new capture', async () => {
    for (let i = 0; i < 5; i++) expect((await putLine()).statusCode).toBe(200);
    const devices = Array.from({ length: 100 }, (_, i) => `device-race-${i}`);
    const first = devices.map((d) => sync(d, 1));
    const exported = await exportIt();
    const answers = (await Promise.all(first)).map((r) => {
      expect(r.statusCode).toBe(200);
      return (r.json() as SyncResponse).results[0];
    });
    expect(exported.statusCode).toBe(200);
    const pending = answers.filter((a) => a?.status === 'pending');
    expect(answers.filter((a) => a?.status !== 'applied' && a?.status !== 'pending')).toEqual([]);
    for (const p of pending) expect(p?.reason).toBe(CAPTURE_MSG.captureExportedMeanwhile);
    const resent = await Promise.all(
      answers.flatMap((a, i) => (a?.status === 'pending' ? [sync(devices[i] ?? '', 1)] : [])),
    );
    for (const r of resent) expect((r.json() as SyncResponse).results[0]?.status).toBe('applied');
    expect(await lineCount()).toBe(105);
  });
});
