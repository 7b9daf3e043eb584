import { parseArgs } from 'node:util';
import { adminStoreInputSchema, adminWarehouseCreateSchema } from '@mde/contracts';
import type { AdminCommand } from '../../lib/admin-command';
import { parsedInput, refusedAsExitCode } from '../../lib/admin-command-support';
import { operatorActor } from '../audit-log/record-audit';
import { operatorFirma } from './org.service';
import { storeIdByNumber } from './stores.repository';
import { createStore, createWarehouse } from './stores.service';

export const storeCreateCommand: AdminCommand = {
  name: 'store create',
  summary: 'Legt eine Filiale (Verkaufsorganisation) einer Firma an',
  usage: '--firma <id> --vkforg <Nummer> --name <Bezeichnung>',
  async run(context, args) {
    const { values } = parseArgs({
      args,
      options: { firma: { type: 'string' }, vkforg: { type: 'string' }, name: { type: 'string' } },
      strict: true,
    });
    const firma = await operatorFirma(context, values.firma);
    const input = parsedInput(context, adminStoreInputSchema, { vkforg: values.vkforg, name: values.name });
    if (firma === undefined || !input) return 2;
    return refusedAsExitCode(context, async () => {
      const store = await context.database.db
        .transaction()
        .execute((trx) => createStore(trx, { actor: operatorActor(), firmaIds: [firma] }, firma, input));
      context.out(`Filiale ${store.vkforg} „${store.name}“ (id ${store.id}) in Firma ${firma} angelegt.`);
      return 0;
    });
  },
};

export const warehouseCreateCommand: AdminCommand = {
  name: 'warehouse create',
  summary: 'Legt ein Lager einer Filiale an',
  usage: '--firma <id> --vkforg <Nummer> --number <Lagernummer> --name <Name>',
  async run(context, args) {
    const { values } = parseArgs({
      args,
      options: {
        firma: { type: 'string' },
        vkforg: { type: 'string' },
        number: { type: 'string' },
        name: { type: 'string' },
      },
      strict: true,
    });
    const firma = await operatorFirma(context, values.firma);
    const input = parsedInput(context, adminWarehouseCreateSchema, { number: values.number, name: values.name });
    if (firma === undefined || !input) return 2;
    const storeId = await storeIdByNumber(context.database.db, firma, values.vkforg?.trim() ?? '');
    if (storeId === undefined) {
      context.err(`Die Filiale ${values.vkforg ?? '(--vkforg fehlt)'} gibt es in Firma ${firma} nicht`);
      return 2;
    }
    return refusedAsExitCode(context, async () => {
      const warehouse = await context.database.db
        .transaction()
        .execute((trx) => createWarehouse(trx, { actor: operatorActor(), firmaIds: [firma] }, storeId, input));
      context.out(
        `Lager ${warehouse.number} „${warehouse.name}“ (id ${warehouse.id}) in Filiale ${values.vkforg} angelegt.`,
      );
      return 0;
    });
  },
};

export const storeCommands = [storeCreateCommand, warehouseCreateCommand];
