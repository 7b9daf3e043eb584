import { parseArgs } from 'node:util';
import { API_KEY_REQUESTS_SHOWN, INTEGRATION_SCOPES } from '@mde/contracts';
import type { AdminCommand } from '../../lib/admin-command';
import { operatorActor } from '../audit-log/record-audit';
import { parseFirmaList } from '../org/org.service';
import { apiKeyRequests, createApiKey, listApiKeys, parseScopes, revokeApiKey } from './api-keys.service';

const scopeList = INTEGRATION_SCOPES.join(', ');

function parseCreateArgs(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { name: { type: 'string' }, scopes: { type: 'string' }, firma: { type: 'string' } },
      strict: true,
    }).values;
  } catch (error) {
    return { error: (error as Error).message };
  }
}

export const apiKeyCreateCommand: AdminCommand = {
  name: 'api-key create',
  summary: 'Legt einen API-Schlüssel für einen Fremdsystem-Client an und zeigt ihn einmal an',
  usage: `--name <Name> --scopes <Liste> --firma <Nr>[,<Nr>…]   (Scopes: ${scopeList})`,
  async run(context, args) {
    const values = parseCreateArgs(args);
    if ('error' in values) {
      context.err(`Aufruf: api-key create ${this.usage}`);
      return 2;
    }
    const name = values.name?.trim();
    if (!name || name.length > 100) {
      context.err('--name fehlt (1 bis 100 Zeichen)');
      return 2;
    }
    const parsed = parseScopes(values.scopes ?? '');
    if ('unknown' in parsed) {
      context.err(`Unbekannter Scope: ${parsed.unknown} (möglich: ${scopeList})`);
      return 2;
    }
    if (parsed.scopes.length === 0) {
      context.err(`--scopes fehlt (kommagetrennt, möglich: ${scopeList})`);
      return 2;
    }
    const db = context.database.db;
    const firmas = await parseFirmaList(db, values.firma);
    if ('error' in firmas) {
      context.err(firmas.error);
      return 2;
    }
    const created = await db
      .transaction()
      .execute((trx) => createApiKey(trx, operatorActor(), { name, scopes: parsed.scopes, firmaIds: firmas.firmaIds }));
    context.out(
      `API-Schlüssel ${created.id} „${name}“ (${parsed.scopes.join(', ')}) für Firma ${created.firmas.join(', ')} angelegt.`,
    );
    context.out('Der Schlüssel wird nur jetzt angezeigt; gespeichert ist nur sein Hash:');
    context.out(created.key);
    return 0;
  },
};

const when = (value: string | null) => value ?? '–';

export const apiKeyListCommand: AdminCommand = {
  name: 'api-key list',
  summary: 'Listet die API-Schlüssel (ohne Geheimnis) mit Firmen, Scopes, letzter Nutzung und Widerruf',
  usage: '',
  async run(context) {
    const keys = await listApiKeys(context.database.db, null);
    if (keys.length === 0) context.out('Keine API-Schlüssel angelegt.');
    for (const key of keys) {
      const state = key.revokedAt ? `widerrufen ${key.revokedAt}` : 'aktiv';
      context.out(
        `${key.id}\t${key.name}\t${key.prefix}…\tFirma ${key.firmas.join(',') || '–'}\t${key.scopes.join(',')}` +
          `\tangelegt ${key.createdAt}\tzuletzt genutzt ${when(key.lastUsedAt)}` +
          `${key.lastUsedAddress ? ` von ${key.lastUsedAddress}` : ''}\t${state}`,
      );
    }
    return 0;
  },
};

/** The id of `<id>`, or of the one key named so (`api-key list` shows both). */
async function keyIdOf(context: Parameters<AdminCommand['run']>[0], word: string | undefined) {
  if (word === undefined) return undefined;
  const id = Number(word);
  if (/^\d{1,10}$/.test(word) && Number.isInteger(id) && id > 0 && id <= 2_147_483_647) return id;
  const named = (await listApiKeys(context.database.db, null)).filter((k) => k.name === word);
  return named.length === 1 ? named[0]?.id : undefined;
}

export const apiKeyRevokeCommand: AdminCommand = {
  name: 'api-key revoke',
  summary: 'Widerruft einen API-Schlüssel; er wird ab sofort abgewiesen',
  usage: '<id>',
  async run(context, args) {
    const id = Number(args[0]);
    if (args.length !== 1 || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) {
      context.err('Aufruf: api-key revoke <id> (die Nummer aus api-key list)');
      return 2;
    }
    const revoked = await context.database.db
      .transaction()
      .execute((trx) => revokeApiKey(trx, operatorActor(), id, null));
    if (!revoked) {
      context.err(`Kein aktiver API-Schlüssel mit der Nummer ${id}`);
      return 1;
    }
    context.out(`API-Schlüssel ${id} widerrufen.`);
    return 0;
  },
};

export const apiKeyRequestsCommand: AdminCommand = {
  name: 'api-key requests',
  summary: `Die letzten ${API_KEY_REQUESTS_SHOWN} Anfragen eines API-Schlüssels: Zeit, Methode, Route, Status, Dauer`,
  usage: '<id|Name>',
  async run(context, args) {
    const id = args.length === 1 ? await keyIdOf(context, args[0]) : undefined;
    if (id === undefined) {
      context.err('Aufruf: api-key requests <id|Name> (Nummer oder eindeutiger Name aus api-key list)');
      return 2;
    }
    const requests = await apiKeyRequests(context.database.db, id, null);
    if (!requests) {
      context.err(`Kein API-Schlüssel mit der Nummer ${id}`);
      return 1;
    }
    if (requests.length === 0) context.out('Noch keine Anfragen mit diesem Schlüssel.');
    for (const r of requests) context.out(`${r.at}\t${r.method}\t${r.route}\t${r.status}\t${r.durationMs} ms`);
    return 0;
  },
};
