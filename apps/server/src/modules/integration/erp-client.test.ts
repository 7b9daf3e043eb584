import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { importCsv, MdeError, type MdeEvent, readFeed, receiveWebhooks } from '@mde/erp-client';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recordEvent } from '../integration-events/record-event';
import { WebhookWorker } from '../integration-events/webhook-worker';
import { createSubscription } from '../integration-events/webhooks.service';
import { createApiKey } from './api-keys.service';

// The reference client of examples/erp-client against a real server, as an ERP team runs it.

let t: TestApp;
let connection: { baseUrl: string; apiKey: string };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-erp-client-'));
const docs = (name: string) => path.resolve(__dirname, '../../../../../docs/import', name);

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_REQUESTS_PER_MINUTE: '1000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { key } = await createApiKey(t.db, 'ERP', ['import:org', 'events:read']);
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
  it('sends the documented CSV files, and a resend of the same file changes nothing', async () => {
    expect(await importCsv(connection, 'stores', docs('stores.csv'))).toMatchObject({ rejected: 0 });
    const first = await importCsv(connection, 'warehouses', docs('warehouses.csv'));
    expect(first).toMatchObject({ rejected: 0 });
    expect(await importCsv(connection, 'warehouses', docs('warehouses.csv'))).toEqual(first);
  });

  it('shows the refused lines of a file with line and column, and a refusal of the whole as an error', async () => {
    const file = path.join(dir, 'lager.csv');
    fs.writeFileSync(file, 'Firma;VKFORG;Lager;Name\n1;1300;L81;Gut\n1;4711;L82;Kein Markt\n');
    const result = await importCsv(connection, 'warehouses', file);
    expect(result.rejections).toEqual([expect.objectContaining({ index: 1, line: 3, column: 'VKFORG' })]);
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
    const subscription = await createSubscription(t.db, {
      url: `http://127.0.0.1:${port}/`,
      events: ['inventory-count.exported'],
    });
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
