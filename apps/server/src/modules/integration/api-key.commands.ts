import { parseArgs } from 'node:util';
import { INTEGRATION_SCOPES } from '@mde/contracts';
import type { AdminCommand } from '../../admin/admin-command';
import * as repo from './api-keys.repository';
import { createApiKey, parseScopes } from './api-keys.service';

const scopeList = INTEGRATION_SCOPES.join(', ');

export const apiKeyCreateCommand: AdminCommand = {
  name: 'api-key create',
  summary: 'Legt einen API-Schlüssel für einen Fremdsystem-Client an und zeigt ihn einmal an',
  usage: `--name <Name> --scopes <Liste>   (Scopes: ${scopeList})`,
  async run(context, args) {
    const { values } = parseArgs({
      args,
      options: { name: { type: 'string' }, scopes: { type: 'string' } },
      strict: true,
    });
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
    const { id, key } = await createApiKey(context.database.db, name, parsed.scopes);
    context.out(`API-Schlüssel ${id} „${name}“ (${parsed.scopes.join(', ')}) angelegt.`);
    context.out('Der Schlüssel wird nur jetzt angezeigt; gespeichert ist nur sein Hash:');
    context.out(key);
    return 0;
  },
};

const when = (value: Date | string | null) => (value ? new Date(value).toISOString() : '–');

export const apiKeyListCommand: AdminCommand = {
  name: 'api-key list',
  summary: 'Listet die API-Schlüssel (ohne Geheimnis) mit Scopes, letzter Nutzung und Widerruf',
  usage: '',
  async run(context) {
    const keys = await repo.listApiKeys(context.database.db);
    if (keys.length === 0) context.out('Keine API-Schlüssel angelegt.');
    for (const key of keys) {
      const state = key.revoked_at ? `widerrufen ${when(key.revoked_at)}` : 'aktiv';
      context.out(
        `${key.id}\t${key.name}\t${key.key_prefix}…\t${key.scopes.join(',')}\tangelegt ${when(key.created_at)}` +
          `\tzuletzt genutzt ${when(key.last_used_at)}${key.last_used_address ? ` von ${key.last_used_address}` : ''}\t${state}`,
      );
    }
    return 0;
  },
};

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
    if (!(await repo.revokeApiKey(context.database.db, id))) {
      context.err(`Kein aktiver API-Schlüssel mit der Nummer ${id}`);
      return 1;
    }
    context.out(`API-Schlüssel ${id} widerrufen.`);
    return 0;
  },
};
