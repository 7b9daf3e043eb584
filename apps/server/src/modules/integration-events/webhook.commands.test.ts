import { randomUUID } from 'node:crypto';
import { EVENTS_MSG } from '@mde/contracts';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../test/run-admin-command';
import { useTestApp } from '../../test/test-app';
import { startReceiver } from '../../test/webhook-receiver';
import { recordEvent } from './record-event';
import { WebhookWorker } from './webhook-worker';

const t = useTestApp();

const run = (line: string[]) => runAdminCommand(t.app, line);

describe('webhook commands', () => {
  it('create prints the secret once; list, deliveries, redeliver and disable work on it', async () => {
    const receiver = await startReceiver();
    try {
      const created = await run(['webhook', 'create', '--url', `${receiver.url}/erp`, '--events', '*', '--firma', '1']);
      expect(created.code, created.err.join('\n')).toBe(0);
      const secret = /Geheimnis \(wird nur jetzt gezeigt\): (whsec_\S+)/.exec(created.out.join('\n'))?.[1];
      expect(secret).toBeDefined();
      const id = /Webhook (\d+) an/.exec(created.out[0] ?? '')?.[1] ?? '';

      const listed = await run(['webhook', 'list']);
      expect(listed.out.join('\n')).toContain(`${id}\taktiv\t${receiver.url}/erp\t*\tFirma 1`);
      expect(listed.out.join('\n')).not.toContain('whsec_');

      // An event of firma 2 is not for this webhook of firma 1.
      for (const firmaId of [2, 1]) {
        await t.db.transaction().execute((trx) =>
          recordEvent(trx, {
            type: 'gift-card.day-closed',
            firmaId,
            vkforgId: null,
            userId: null,
            document: { x: randomUUID() },
          }),
        );
      }
      await new WebhookWorker(t.db, { warn: () => undefined }).drain();
      expect(receiver.received).toHaveLength(1);
      new Webhook(secret ?? '').verify(receiver.received[0]?.body ?? '', receiver.received[0]?.headers ?? {});

      const log = await run(['webhook', 'deliveries', id]);
      expect(log.code).toBe(0);
      expect(log.out[0]).toMatch(/^\d+\tevt_\d+\tgift-card\.day-closed\tdelivered\t1 Versuch\(e\)$/);
      expect(log.out[1]).toMatch(/\t200\t\d+ ms$/);
      const deliveryId = log.out[0]?.split('\t')[0] ?? '';

      const again = await run(['webhook', 'redeliver', deliveryId]);
      expect(again).toMatchObject({ code: 0, out: [expect.stringMatching(/^Zugestellt \(200, \d+ ms\)$/)] });
      expect(receiver.received).toHaveLength(2);

      const tail = await run(['events', 'tail', '--types', 'gift-card.day-closed']);
      expect(tail.out.some((l) => l.includes('gift-card.day-closed'))).toBe(true);

      expect((await run(['webhook', 'disable', id])).out).toEqual([
        `Webhook ${id} an ${receiver.url}/erp ist abgeschaltet`,
      ]);
      expect((await run(['webhook', 'list'])).out.join('\n')).toContain(`${id}\tabgeschaltet`);

      // Every change is in the audit log with the operator CLI as actor, never with the secret.
      const entries = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', 'like', 'webhook.%')
        .where('actor', 'like', 'admin-cli:%')
        .orderBy('id')
        .execute();
      expect(entries.map((e) => `${e.action} ${e.object_id} ${e.firma_id}`)).toEqual([
        `webhook.create ${id} 1`,
        `webhook.redeliver ${deliveryId} 1`,
        `webhook.disable ${id} 1`,
      ]);
      expect(JSON.stringify(entries)).not.toContain(secret);
    } finally {
      await receiver.close();
    }
  });

  it('bad input is one German line and a non-zero exit', async () => {
    expect(
      await run(['webhook', 'create', '--url', 'file:///etc/passwd', '--events', '*', '--firma', '1']),
    ).toMatchObject({ code: 1, err: [EVENTS_MSG.invalidUrl] });
    // The firma is required and must exist; nothing is created without it.
    expect(await run(['webhook', 'create', '--url', 'https://erp.local', '--events', '*'])).toMatchObject({
      code: 2,
      err: [expect.stringMatching(/^--firma fehlt/)],
    });
    expect(
      await run(['webhook', 'create', '--url', 'https://erp.local', '--events', '*', '--firma', '1,99']),
    ).toMatchObject({ code: 2, err: ['Die Firma 99 gibt es nicht'] });
    expect(await run(['webhook', 'disable', '424242'])).toMatchObject({
      code: 1,
      err: [EVENTS_MSG.subscriptionNotFound],
    });
    expect((await run(['webhook', 'deliveries', 'abc'])).code).toBe(2);
    expect((await run(['webhook', 'create', '--url', 'https://erp.local'])).code).toBe(2);
    expect((await run(['events', 'tail', '--after', 'kaputt'])).err).toEqual([EVENTS_MSG.invalidCursor]);
  });
});
