import { randomUUID } from 'node:crypto';
import { EVENTS_MSG, type IntegrationEvent } from '@mde/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FX } from '../../test/capture-fixtures';
import { insertErpFixtures } from '../../test/erp-fixtures';
import { withScopes } from '../../test/scoped-keys';
import { DEMO, useTestApp } from '../../test/test-app';
import { recordEvent } from './record-event';

const t = useTestApp({ prepare: (t) => insertErpFixtures(t.db) });
const demo = t.login(DEMO);

const feed = (query: string, scopes = withScopes('events:read')) =>
  t.app.inject({ method: 'GET', url: `/api/integration/v1/events${query}`, headers: scopes });
const readAll = async (after: string, types = '') => {
  const res = await feed(`?after=${after}&limit=1000${types}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { events: IntegrationEvent[]; next: string };
};
const event = (firmaId = 1) => ({
  type: 'storage-location.changed' as const,
  firmaId,
  vkforgId: 1,
  userId: null,
  document: { marker: randomUUID() },
});
const exportOrderProposal = async () => {
  const put = await demo({
    method: 'PUT',
    url: `/api/v1/captures/order-proposal/lines/${randomUUID()}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ articleId: FX.milk, quantity: 2, capturedAt: new Date().toISOString() }),
  });
  expect(put.statusCode).toBe(200);
  const position = {
    gpslaenge: 9.99,
    gpsbreite: 53.55,
    gpshoehe: null,
    genauigkeit: 12,
    genauigkeithoehe: null,
    richtung: null,
    geschwindigkeit: null,
  };
  const res = await demo({
    method: 'POST',
    url: '/api/v1/captures/order-proposal/export',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    payload: JSON.stringify({ position }),
  });
  expect(res.statusCode).toBe(200);
  return res.json().documents[0];
};

describe('event feed', () => {
  it('needs the events:read scope', async () => {
    expect((await feed('', withScopes())).statusCode).toBe(403);
    expect((await feed('', withScopes('webhooks:manage'))).statusCode).toBe(403);
  });

  it('an export is an event with the whole document, in the same transaction', async () => {
    const start = (await readAll('')).next;
    const document = await exportOrderProposal();
    const { events, next } = await readAll(start);
    expect(events).toHaveLength(1);
    const [e] = events;
    expect(e).toMatchObject({
      type: 'order-proposal.exported',
      firma: 1,
      vkforg: expect.any(Number),
      user: { name: 'demo' },
      // The ERP's own keys beside the internal ids: the store's number as the import sent it.
      erp: { firma: 1, vkforg: '1100' },
      documentId: `order-proposal-${document.id}`,
      document: {
        number: document.number,
        module: 'order-proposal',
        position: { gpsbreite: 53.55 },
        erp: { firma: 1, vkforg: '1100', warehouse: null, supplier: null },
      },
    });
    expect(e?.id).toMatch(/^evt_\d+$/);
    expect((e?.document as { lines?: unknown[] } | undefined)?.lines).toEqual([
      expect.objectContaining({
        articleNumber: 'T900001',
        code: '14000000900014',
        quantity: 2,
        unit: 'Karton',
        factor: 6,
        reason: null,
      }),
    ]);
    expect((await readAll(next)).events).toEqual([]);
    expect((await readAll(start, '&types=ordering.exported')).events).toEqual([]);
  });

  it("an event keeps the store's number it was written with, also after the store is renumbered", async () => {
    const start = (await readAll('')).next;
    await t.db.transaction().execute((trx) => recordEvent(trx, { ...event(), vkforgId: 11 }));
    await t.db.updateTable('vkforg').set({ vkforg: '1199' }).where('id', '=', 11).execute();
    try {
      expect((await readAll(start)).events.map((e) => e.erp)).toEqual([{ firma: 1, vkforg: '1100' }]);
    } finally {
      await t.db.updateTable('vkforg').set({ vkforg: '1100' }).where('id', '=', 11).execute();
    }
  });

  it('a rolled back booking leaves no event', async () => {
    const start = (await readAll('')).next;
    await t.db
      .transaction()
      .execute(async (trx) => {
        await recordEvent(trx, event());
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect((await readAll(start)).events).toEqual([]);
  });

  it('pages oldest first with the cursor, and filters by type', async () => {
    const start = (await readAll('')).next;
    const written: string[] = [];
    for (let i = 0; i < 5; i++) {
      const e = event();
      await t.db.transaction().execute((trx) => recordEvent(trx, e));
      written.push(e.document.marker);
    }
    const seen: string[] = [];
    let after = start;
    for (;;) {
      const res = await feed(`?after=${after}&limit=2`);
      const page = res.json() as { events: IntegrationEvent[]; next: string };
      if (page.events.length === 0) break;
      seen.push(...page.events.map((e) => String(e.document.marker)));
      after = page.next;
    }
    expect(seen).toEqual(written);
    const changes = (await readAll(start, '&types=storage-location.changed,gift-card.moved')).events;
    expect(changes).toHaveLength(5);
    // Not a document: no document id; the store still by its number.
    expect(changes[0]).toMatchObject({ vkforg: 1, documentId: null, erp: { firma: 1, vkforg: null } });
    expect((await readAll(start, '&types=gift-card.moved')).events).toHaveLength(0);
  });

  it('bad input is a German 400', async () => {
    for (const [query, message] of [
      ['?after=bm9wZQ', EVENTS_MSG.invalidCursor],
      ['?types=erp.unknown', EVENTS_MSG.unknownEventType('erp.unknown')],
    ] as const) {
      const res = await feed(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    const res = await feed('?limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ limit: EVENTS_MSG.invalidLimit });
    expect((await feed('?limit=abc')).statusCode).toBe(400);
  });

  it('an event of a transaction still open is not read, not even by that transaction itself', async () => {
    const start = (await readAll('')).next;
    const { readFeed } = await import('./integration-events.service');
    await t.db.transaction().execute(async (trx) => {
      await recordEvent(trx, event());
      expect((await readFeed(trx, { after: start, limit: 10 }, null)).events).toEqual([]);
    });
    expect((await readAll(start)).events).toHaveLength(1);
  });

  // Gap-free: a serial id as cursor would skip the lower id committed after the higher one was read.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a transaction that took the lower id and commits last is still read by a poller',
    async () => {
      const start = (await readAll('')).next;
      let commitFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => {
        commitFirst = resolve;
      });
      let firstWrote!: () => void;
      const firstHasWritten = new Promise<void>((resolve) => {
        firstWrote = resolve;
      });
      const first = event();
      const second = event();
      const lower = t.db.transaction().execute(async (trx) => {
        const id = await recordEvent(trx, first);
        firstWrote();
        await firstMayCommit;
        return id;
      });
      await firstHasWritten;
      const higherId = await t.db.transaction().execute((trx) => recordEvent(trx, second));

      // The poller reads while the lower id is still open and the higher one has committed.
      const seen: IntegrationEvent[] = [];
      const poll1 = await readAll(start);
      seen.push(...poll1.events);
      commitFirst();
      const lowerId = await lower;
      expect(lowerId).toBeLessThan(higherId);
      const poll2 = await readAll(poll1.next);
      seen.push(...poll2.events);
      expect(seen.map((e) => e.document.marker)).toEqual([first.document.marker, second.document.marker]);
      expect((await readAll(poll2.next)).events).toEqual([]);
    },
  );
});

describe('retention', () => {
  it('events are kept 30 days', async () => {
    const { deleteOldEvents } = await import('./integration-events.repository');
    const start = (await readAll('')).next;
    await t.db.transaction().execute((trx) => recordEvent(trx, event()));
    await sql`update integration_event set occurred_at = now() - interval '30 days'`.execute(t.db);
    await deleteOldEvents(t.db);
    expect((await readAll(start)).events).toHaveLength(1);
    await sql`update integration_event set occurred_at = now() - interval '32 days'`.execute(t.db);
    await deleteOldEvents(t.db);
    expect((await readAll(start)).events).toHaveLength(0);
  });
});
