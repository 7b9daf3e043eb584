import { parseArgs } from 'node:util';
import { type AdminUserInput, adminUserInputSchema, PERMISSIONS } from '@mde/contracts';
import type { AdminCommand, AdminCommandContext } from '../../lib/admin-command';
import { AppError } from '../../lib/app-error';
import { operatorActor } from '../audit-log/record-audit';
import { allFirmaIds, ensureFirmaOrg, firstAccountOf, storesByNumber } from '../org/org.service';
import * as repo from './admin-users.repository';
import { createUser, setOneTimePassword, setUserDisabled, type UserAdmin } from './admin-users.service';

/** The operator acts for every firma and has no account of their own (audit actor: admin-cli:<OS user>). */
const operator = async (context: AdminCommandContext): Promise<UserAdmin> => ({
  actor: operatorActor(),
  userId: null,
  firmaIds: await allFirmaIds(context.database.db),
});

const idList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map(Number);

/** A refused input or rule: its German message and the field messages, on standard error. */
async function reporting(context: AdminCommandContext, action: () => Promise<number>): Promise<number> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    context.err(error.message);
    for (const [field, message] of Object.entries(error.fields ?? {})) context.err(`  ${field}: ${message}`);
    return 1;
  }
}

async function createChecked(context: AdminCommandContext, raw: Record<string, unknown>) {
  const parsed = adminUserInputSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) context.err(`${issue.path.join('.') || 'Eingabe'}: ${issue.message}`);
    return 2;
  }
  const input: AdminUserInput = parsed.data;
  const { user, password } = await createUser(context.database.db, await operator(context), input);
  context.out(
    `Benutzer ${user.id} „${user.username}“ angelegt (${user.permissions.join(', ') || 'ohne Berechtigung'}).`,
  );
  context.out('Einmalpasswort (wird nur jetzt angezeigt, muss bei der ersten Anmeldung geändert werden):');
  context.out(password);
  return 0;
}

const firmaId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
};

export const userCreateAdminCommand: AdminCommand = {
  name: 'user create-admin',
  summary:
    'Legt einen Administrator einer Firma an (auch die Firma, wenn die Datenbank noch leer ist) und zeigt ein Einmalpasswort',
  usage:
    '<Benutzername> --firma <id> [--firma-name <Name>] [--name <Voller Name>] [--email <E-Mail>] [--store <Code>] [--store-name <Name>]',
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        firma: { type: 'string' },
        'firma-name': { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        store: { type: 'string', default: '0001' },
        'store-name': { type: 'string', default: 'Zentrale' },
      },
    });
    const [username] = positionals;
    const firma = firmaId(values.firma);
    if (positionals.length !== 1 || !username || firma === undefined) {
      context.err(`Aufruf: user create-admin ${userCreateAdminCommand.usage}`);
      return 2;
    }
    return reporting(context, async () => {
      const org = await context.database.db
        .transaction()
        .execute((trx) =>
          ensureFirmaOrg(
            trx,
            { id: firma, name: values['firma-name']?.trim() || undefined },
            { code: values.store.trim(), name: values['store-name'].trim() },
          ),
        );
      if ('missing' in org) {
        context.err(`Firma ${firma} gibt es noch nicht: bitte --firma-name <Name> angeben, dann wird sie angelegt.`);
        return 2;
      }
      for (const line of org.created) context.out(`${line} angelegt.`);
      return createChecked(context, {
        username,
        fullName: values.name ?? username,
        email: values.email ?? '',
        kind: 'internal',
        permissions: ['ADMINISTRATION'],
        roles: [],
        accountIds: org.accountIds,
        vkforgIds: org.vkforgIds,
        accountId: org.accountIds[0],
        vkforgId: org.vkforgIds[0],
        firmaId: firma,
      });
    });
  },
};

export const userCreateCommand: AdminCommand = {
  name: 'user create',
  summary: 'Legt einen Benutzer an und zeigt ein Einmalpasswort',
  usage: `<Benutzername> --firma <id> (--stores <Filialnummern> | --vkforgs <ids>) [--accounts <ids>] [--permissions <Liste>] [--name <Voller Name>] [--email <E-Mail>] [--external]   (Berechtigungen: ${PERMISSIONS.join(', ')})`,
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        firma: { type: 'string' },
        vkforgs: { type: 'string' },
        stores: { type: 'string' },
        accounts: { type: 'string' },
        permissions: { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        external: { type: 'boolean', default: false },
      },
    });
    const [username] = positionals;
    const firma = firmaId(values.firma);
    if (positionals.length !== 1 || !username || firma === undefined) {
      context.err(`Aufruf: user create ${userCreateCommand.usage}`);
      return 2;
    }
    // The stores by the numbers the ERP and the store staff know them by (1100), or by their ids.
    const numbers = [...new Set((values.stores ?? '').split(',').map((v) => v.trim()))].filter(Boolean);
    const stores = await storesByNumber(context.database.db, firma, numbers);
    const unknown = numbers.filter((n) => !stores.has(n));
    if (unknown.length > 0) {
      context.err(`Diese Filialen gibt es in Firma ${firma} nicht: ${unknown.join(', ')}`);
      return 1;
    }
    const vkforgIds = [...new Set([...stores.values(), ...idList(values.vkforgs)])];
    let accountIds = idList(values.accounts);
    if (accountIds.length === 0) {
      // Without --accounts the user works in the firma's first account.
      const first = await firstAccountOf(context.database.db, firma);
      accountIds = first ? [first] : [];
    }
    return reporting(context, () =>
      createChecked(context, {
        username,
        fullName: values.name ?? username,
        email: values.email ?? '',
        kind: values.external ? 'external' : 'internal',
        permissions: (values.permissions ?? '')
          .split(',')
          .map((p) => p.trim().toUpperCase())
          .filter(Boolean),
        roles: [],
        accountIds,
        vkforgIds,
        accountId: accountIds[0] ?? 0,
        vkforgId: vkforgIds[0] ?? 0,
        firmaId: firma,
      }),
    );
  },
};

/** The user a command names, or a German line on standard error. */
async function named(context: AdminCommandContext, args: string[], usage: string) {
  const [username] = args;
  if (args.length !== 1 || !username) {
    context.err(`Aufruf: ${usage} <Benutzername>`);
    return undefined;
  }
  const user = await repo.findUserByName(context.database.db, username);
  if (!user) context.err(`Keinen Benutzer „${username}“ gefunden`);
  return user;
}

const toggle = (disabled: boolean): AdminCommand => ({
  name: disabled ? 'user disable' : 'user enable',
  summary: disabled
    ? 'Deaktiviert einen Benutzer: er wird sofort abgemeldet und kann sich nicht mehr anmelden'
    : 'Aktiviert einen deaktivierten Benutzer wieder',
  usage: '<Benutzername>',
  async run(context, args) {
    const user = await named(context, args, disabled ? 'user disable' : 'user enable');
    if (!user) return 2;
    return reporting(context, async () => {
      await setUserDisabled(context.database.db, await operator(context), user.id, disabled);
      context.out(`Benutzer „${user.username}“ ${disabled ? 'deaktiviert' : 'aktiviert'}.`);
      return 0;
    });
  },
});

export const userResetCommand: AdminCommand = {
  name: 'user reset',
  summary: 'Setzt ein Einmalpasswort; der Benutzer muss es bei der nächsten Anmeldung ändern',
  usage: '<Benutzername>',
  async run(context, args) {
    const user = await named(context, args, 'user reset');
    if (!user) return 2;
    return reporting(context, async () => {
      const { password } = await setOneTimePassword(context.database.db, await operator(context), user.id);
      context.out(`Einmalpasswort für „${user.username}“ (wird nur jetzt angezeigt):`);
      context.out(password);
      return 0;
    });
  },
};

export const userListCommand: AdminCommand = {
  name: 'user list',
  summary: 'Listet die Benutzer mit Firma, Berechtigungen und Status',
  usage: '',
  async run(context) {
    const { items } = await repo.listUsers(context.database.db, {
      firmaIds: await allFirmaIds(context.database.db),
      limit: 100_000,
      offset: 0,
    });
    if (items.length === 0) context.out('Keine Benutzer angelegt.');
    for (const user of items) {
      const state = user.disabled ? 'deaktiviert' : user.mustChangePassword ? 'aktiv, Passwortwechsel offen' : 'aktiv';
      context.out(
        `${user.id}\t${user.username}\t${user.fullName}\tFirma ${user.firmaId}\t${user.permissions.join(',') || '–'}\t${state}`,
      );
    }
    return 0;
  },
};

export const userCommands: readonly AdminCommand[] = [
  userCreateAdminCommand,
  userCreateCommand,
  toggle(true),
  toggle(false),
  userResetCommand,
  userListCommand,
];
