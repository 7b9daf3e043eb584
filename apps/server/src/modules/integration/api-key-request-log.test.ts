import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { createTestKey } from '../../test/test-keys';
import { ApiKeyRequestLog } from './api-key-request-log';
import { insertRequests } from './api-key-requests.repository';

// The request log's bounds: a request only leaves a line in memory; the writer inserts batches and keeps each key
// to its newest rows and 30 days.

const t = useTestApp();
const quiet = { warn: () => undefined };
const line = (id: number, n: number) => ({
  key: { id },
  at: new Date(Date.now() + n),
  method: 'GET',
  route: `/api/integration/v1/events#${n}`,
  status: 200,
  durationMs: n,
});
const routesOf = async (id: number) =>
  (await t.db.selectFrom('api_key_request').select('route').where('api_key_id', '=', id).orderBy('id').execute()).map(
    (r) => r.route.split('#')[1],
  );

describe('API key request log', () => {
  it('writes nothing while a request is answered, then one batch; keeps each key to its newest rows', async () => {
    const a = await createTestKey(t.db, 'Bound A', ['events:read']);
    const b = await createTestKey(t.db, 'Bound B', ['events:read']);
    const log = new ApiKeyRequestLog(t.db, quiet, { keepPerKey: 3, pruneMs: 0, batch: 100 });
    for (let n = 1; n <= 5; n++) log.take(line(a.id, n));
    log.take(line(b.id, 1));
    expect(await routesOf(a.id)).toEqual([]);
    await log.flush();
    expect(await routesOf(a.id)).toEqual(['3', '4', '5']);
    expect(await routesOf(b.id)).toEqual(['1']);
  });

  it('drops rows older than the days it keeps, and the refusal of an unknown key', async () => {
    const key = await createTestKey(t.db, 'Alt', ['events:read']);
    const old = new Date(Date.now() - 31 * 24 * 3600_000);
    await insertRequests(t.db, [
      { apiKeyId: key.id, at: old, method: 'GET', route: 'alt', status: 200, durationMs: 1 },
    ]);
    const log = new ApiKeyRequestLog(t.db, quiet, { pruneMs: 0 });
    log.take(line(key.id, 7));
    log.take({ ...line(key.id, 8), key: { hash: 'f'.repeat(64) } });
    await log.flush();
    expect(await routesOf(key.id)).toEqual(['7']);
  });

  it('takes no more than its bound while the database is away', async () => {
    const key = await createTestKey(t.db, 'Voll', ['events:read']);
    const warnings: object[] = [];
    const log = new ApiKeyRequestLog(t.db, { warn: (d) => warnings.push(d) }, { maxPending: 2, batch: 100 });
    for (let n = 1; n <= 4; n++) log.take(line(key.id, n));
    await log.flush();
    expect(await routesOf(key.id)).toEqual(['1', '2']);
    expect(warnings).toEqual([{ dropped: 2 }]);
  });
});
