import { randomUUID } from 'node:crypto';
import { EVENTS_MSG } from '@mde/contracts';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { AdminCommandContext } from '../../admin/admin-command';
import { useTestApp } from '../../test/test-app';
import { recordEvent } from './record-event';
import { startReceiver } from './test-receiver';
import { webhookCommands } from './webhook.commands';
import { WebhookWorker } from './webhook-worker';

const t = useTestApp();

async function run(line: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const context: AdminCommandContext = {
    database: t.app.database,
    env: t.app.env,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    progress: () => undefined,
  };
  const words = line.slice(0, 2).join(' ');
  const command = webhookCommands.find((c) => c.name === words);
  if (!command) throw new Error(`no command ${words}`);
  const code = await command.run(context, line.slice(2));
  return { code, out, err };
}

describe('webhook commands', () => {
  it('create prints the secret once; list, deliveries, redeliver and disable work on it', async () => {
    const receiver = await startReceiver();
    try {
      const created = await run(['webhook', 'create', '--url', `${receiver.url}/erp`, '--events', '*']);
      expect(created.code).toBe(0);
      const secret = /Geheimnis \(wird nur jetzt gezeigt\): (whsec_\S+)/.exec(created.out.join('\n'))?.[1];
      expect(secret).toBeDefined();
      const id = /Webhook (\d+) an/.exec(created.out[0] ?? '')?.[1] ?? '';

      const listed = await run(['webhook', 'list']);
      expect(listed.out.join('\n')).toContain(`${id}\taktiv\t${receiver.url}/erp\t*`);
      expect(listed.out.join('\n')).not.toContain('whsec_');

      await t.db.transaction().execute((trx) =>
        recordEvent(trx, {
          type: 'gift-card.day-closed',
          firmaId: 1,
          vkforgId: 11,
          userId: null,
          document: { x: randomUUID() },
        }),
      );
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
    } finally {
      await receiver.close();
    }
  });

  it('bad input is one German line and a non-zero exit', async () => {
    expect(await run(['webhook', 'create', '--url', 'file:///etc/passwd', '--events', '*'])).toMatchObject({
      code: 1,
      err: [EVENTS_MSG.invalidUrl],
    });
    expect(await run(['webhook', 'disable', '424242'])).toMatchObject({
      code: 1,
      err: [EVENTS_MSG.subscriptionNotFound],
    });
    expect((await run(['webhook', 'deliveries', 'abc'])).code).toBe(2);
    expect((await run(['webhook', 'create', '--url', 'https://erp.local'])).code).toBe(2);
    expect((await run(['events', 'tail', '--after', 'kaputt'])).err).toEqual([EVENTS_MSG.invalidCursor]);
  });
});
