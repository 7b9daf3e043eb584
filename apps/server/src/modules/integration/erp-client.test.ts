import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_KINDS_IN_ORDER } from '@mde/contracts';
import { importCsv, MdeError, type MdeEvent, readFeed, receiveWebhooks } from '@mde/erp-client';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../test/run-admin-command';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recordEvent } from '../integration-events/record-event';
import { WebhookWorker } from '../integration-events/webhook-worker';
import { createSubscription } from '../integration-events/webhooks.service';

// The reference client of examples/erp-client against a real server, as an ERP team runs it on its go-live
// (docs/operations.md#go-live-from-an-empty-database): an empty database, the first admin and the key from the operator CLI, then every example
// file of docs/import in order.

let t: TestApp;
let connection: { baseUrl: string; apiKey: string };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-erp-client-'));
const docs = (name: string) => path.resolve(__dirname, '../../../../../docs/import', name);

/** A command of the operator CLI (`npm run admin -- …`), with what it printed. */
async function admin(...argv: string[]) {
  const { code, all } = await runAdminCommand(t.app, argv);
  expect(code, all.join('\n')).toBe(0);
  return all.join('\n');
}

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', INTEGRATION_REQUESTS_PER_MINUTE: '1000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await admin('user', 'create-admin', 'chefin', '--firma', '1', '--firma-name', 'Frischmarkt Nord', '--store', '1100');
  const created = await admin(
    'api-key',
    'create',
    '--name',
    'ERP',
    '--scopes',
    'import:org,import:articles,import:stock,import:documents,events:read',
    '--firma',
    '1',
  );
  const key = /mde_\S+/.exec(created)?.[0] ?? '';
  connection = { baseUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, apiKey: key };
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const quiet = { warn: () => undefined };

/** A port nothing listens on, for a receiver whose URL the subscription must know first. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
const record = (marker: string) =>
  t.db.transaction().execute((trx) =>
    recordEvent(trx, {
      type: 'inventory-count.exported',
      firmaId: 1,
      vkforgId: 11,
      userId: null,
      document: { marker },
    }),
  );

describe('the reference ERP client', () => {
  it('sends every example file into an empty database, and the same files again change nothing', async () => {
    const kinds = IMPORT_KINDS_IN_ORDER;
    for (const kind of kinds) {
      const first = await importCsv(connection, kind, docs(`${kind}.csv`));
      expect({ kind, ...first }).toMatchObject({ kind, rejected: 0, rejections: [] });
    }
    for (const kind of kinds) {
      const again = await importCsv(connection, kind, docs(`${kind}.csv`));
      expect({ kind, ...again }).toMatchObject({ kind, inserted: 0, updated: 0, rejected: 0 });
    }
    const counts = await t.db
      .selectFrom('article')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBe(3);
  });

  it('shows the refused lines of a file with line and column, and a refusal of the whole as an error', async () => {
    const file = path.join(dir, 'lager.csv');
    fs.writeFileSync(file, 'Firma;VKFORG;Lager;Name\n1;1300;L81;Gut\n1;4711;L82;Kein Markt\n');
    const result = await importCsv(connection, 'warehouses', file, { idempotencyKey: 'lager-lauf-1' });
    expect(result.rejections).toEqual([expect.objectContaining({ index: 1, line: 3, column: 'VKFORG' })]);
    // The answer of a request that was lost on the way: the same request again gets it, nothing is done twice.
    expect(await importCsv(connection, 'warehouses', file, { idempotencyKey: 'lager-lauf-1' })).toEqual(result);
    // A new run of the file after the store exists is a new request, read against the data as it is now.
    const stores = path.join(dir, 'filialen.csv');
    fs.writeFileSync(stores, 'Firma;VKFORG;Name\n1;4711;Neumarkt\n');
    expect(await importCsv(connection, 'stores', stores)).toMatchObject({ inserted: 1 });
    expect(await importCsv(connection, 'warehouses', file)).toMatchObject({ inserted: 1, unchanged: 1, rejected: 0 });
    await expect(importCsv(connection, 'articles', file)).rejects.toThrow(MdeError);
  });

  it('follows the feed with its cursor in a file: each event once, a restart goes on where it stopped', async () => {
    const cursor = path.join(dir, 'cursor.txt');
    // Start after what the database already holds, as an ERP does on its first day.
    await readFeed(connection, cursor, () => undefined);
    await record('eins');
    await record('zwei');
    const seen: string[] = [];
    const take = (event: MdeEvent) => {
      if (event.type === 'inventory-count.exported') seen.push(String(event.document.marker));
    };
    expect(await readFeed(connection, cursor, take, { limit: 1 })).toBeGreaterThanOrEqual(2);
    await record('drei');
    await readFeed(connection, cursor, take);
    expect(seen).toEqual(['eins', 'zwei', 'drei']);
    expect(fs.statSync(cursor).mode & 0o777).toBe(0o600);
  });

  it('takes signed webhooks of its subscription once each, and refuses a forged one with 401', async () => {
    const port = await freePort();
    const subscription = await t.db
      .transaction()
      .execute((trx) =>
        createSubscription(
          trx,
          { system: 'test' },
          { url: `http://127.0.0.1:${port}/`, events: ['inventory-count.exported'], firmaIds: [1] },
        ),
      );
    const got: MdeEvent[] = [];
    const receiver = await receiveWebhooks(
      subscription.secret,
      (event) => {
        got.push(event);
      },
      { port },
    );
    try {
      await record('signiert');
      await new WebhookWorker(t.db, quiet).drain();
      expect(got.map((e) => [e.type, e.document.marker])).toEqual([['inventory-count.exported', 'signiert']]);
      // The same delivery again (MDE retries what got no 2xx): handled once.
      const now = new Date();
      const body = JSON.stringify({ type: 'x', timestamp: now.toISOString(), data: got[0] });
      const id = String(got[0]?.id);
      const sign = (secret: string) => new Webhook(secret).sign(id, now, body);
      const headers = (signature: string) => ({
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      });
      const again = await fetch(receiver.url, { method: 'POST', body, headers: headers(sign(subscription.secret)) });
      expect(again.status).toBe(204);
      const otherSecret = `whsec_${Buffer.from('k'.repeat(32)).toString('base64')}`;
      const forged = await fetch(receiver.url, { method: 'POST', body, headers: headers(sign(otherSecret)) });
      expect(forged.status).toBe(401);
      expect(got).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
