import { parseArgs } from 'node:util';
import type { AdminCommand, AdminCommandContext } from '../../lib/admin-command';
import { AppError } from '../../lib/app-error';
import { operatorActor } from '../audit-log/record-audit';
import { parseFirmaList } from '../org/org.service';
import { readFeed } from './integration-events.service';
import * as service from './webhooks.service';

/** A refusal of the service (bad URL, unknown id) is the operator's German line and exit code 1. */
async function guarded(context: AdminCommandContext, fn: () => Promise<number>): Promise<number> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError) {
      context.err(error.message);
      return 1;
    }
    if (error instanceof TypeError) {
      context.err(error.message);
      return 2;
    }
    throw error;
  }
}

const idArgument = (args: string[]) => {
  const id = Number(args[0]);
  if (!Number.isSafeInteger(id) || id <= 0) throw new TypeError('Eine Nummer (id) ist nötig');
  return id;
};

const create: AdminCommand = {
  name: 'webhook create',
  summary: 'Webhook-Abonnement anlegen (Ereignisse der genannten Firmen); zeigt sein Geheimnis (whsec_…) einmal',
  usage:
    '--url <http(s)-URL> --events <Typen, durch Komma getrennt, oder *> --firma <Nr>[,<Nr>…] [--owner <Benutzername>]',
  run: (context, args) =>
    guarded(context, async () => {
      const { values } = parseArgs({
        args,
        options: {
          url: { type: 'string' },
          events: { type: 'string' },
          firma: { type: 'string' },
          owner: { type: 'string' },
        },
        strict: true,
      });
      if (!values.url || !values.events) throw new TypeError('--url und --events sind nötig');
      const db = context.database.db;
      const firmas = await parseFirmaList(db, values.firma);
      if ('error' in firmas) throw new TypeError(firmas.error);
      const { url, events, owner } = values;
      const created = await db.transaction().execute((trx) =>
        service.createSubscription(trx, operatorActor(), {
          url,
          events: events.split(','),
          firmaIds: firmas.firmaIds,
          ...(owner ? { owner } : {}),
        }),
      );
      context.out(
        `Webhook ${created.id} an ${created.url} für ${created.events.join(', ')} (Firma ${created.firmas.join(', ')})`,
      );
      context.out(`Geheimnis (wird nur jetzt gezeigt): ${created.secret}`);
      return 0;
    }),
};

const list: AdminCommand = {
  name: 'webhook list',
  summary: 'Webhook-Abonnements zeigen',
  usage: '',
  run: (context) =>
    guarded(context, async () => {
      for (const s of await service.listSubscriptions(context.database.db, null)) {
        const state = s.enabled ? 'aktiv' : 'abgeschaltet';
        context.out(`${s.id}\t${state}\t${s.url}\t${s.events.join(',')}\tFirma ${s.firmas.join(',') || '–'}`);
      }
      return 0;
    }),
};

const disable: AdminCommand = {
  name: 'webhook disable',
  summary: 'Webhook-Abonnement abschalten',
  usage: '<id>',
  run: (context, args) =>
    guarded(context, async () => {
      const id = idArgument(args);
      const s = await context.database.db
        .transaction()
        .execute((trx) => service.disableSubscription(trx, operatorActor(), id, null));
      context.out(`Webhook ${s.id} an ${s.url} ist abgeschaltet`);
      return 0;
    }),
};

const deliveries: AdminCommand = {
  name: 'webhook deliveries',
  summary: 'Zustellprotokoll eines Webhooks: Versuche, Status, Antwortcode, Dauer',
  usage: '<id>',
  run: (context, args) =>
    guarded(context, async () => {
      for (const d of await service.listDeliveries(context.database.db, idArgument(args), null)) {
        context.out(`${d.id}\t${d.eventId}\t${d.eventType}\t${d.status}\t${d.attempts.length} Versuch(e)`);
        for (const a of d.attempts) {
          context.out(`\t${a.at}\t${a.statusCode ?? '-'}\t${a.durationMs} ms${a.error ? `\t${a.error}` : ''}`);
        }
      }
      return 0;
    }),
};

const redeliver: AdminCommand = {
  name: 'webhook redeliver',
  summary: 'Eine Zustellung jetzt erneut senden',
  usage: '<delivery-id>',
  run: (context, args) =>
    guarded(context, async () => {
      const outcome = await service.redeliver(context.database.db, operatorActor(), idArgument(args), null);
      const code = outcome.statusCode ?? '-';
      if (outcome.ok) context.out(`Zugestellt (${code}, ${outcome.durationMs} ms)`);
      else context.err(`Nicht zugestellt (${code}, ${outcome.durationMs} ms): ${outcome.error ?? ''}`);
      return outcome.ok ? 0 : 1;
    }),
};

const tail: AdminCommand = {
  name: 'events tail',
  summary: 'Ereignisse des ERP-Feeds zeigen (älteste zuerst), mit dem Cursor für den nächsten Aufruf',
  usage: '[--after <cursor>] [--limit <n>] [--types <Typen>]',
  run: (context, args) =>
    guarded(context, async () => {
      const { values } = parseArgs({
        args,
        options: { after: { type: 'string' }, limit: { type: 'string' }, types: { type: 'string' } },
        strict: true,
      });
      const limit = values.limit === undefined ? 100 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new TypeError('--limit: 1 bis 1000');
      const feed = await readFeed(context.database.db, { after: values.after, limit, types: values.types }, null);
      for (const e of feed.events) context.out(`${e.time}\t${e.id}\t${e.type}\t${e.firma}/${e.vkforg ?? '-'}`);
      context.out(`next: ${feed.next}`);
      return 0;
    }),
};

/** The webhook and feed commands of `npm run admin`; the CLI registry lists them. */
export const webhookCommands: AdminCommand[] = [create, list, disable, deliveries, redeliver, tail];
