import {
  ADMIN_MSG,
  ADMIN_STORES_MSG,
  type AdminAccount,
  type AdminAccountInput,
  type AdminOrg,
  type AdminStore,
  type AdminStoreInput,
  type AdminWarehouse,
  type AdminWarehouseInput,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../audit-log/record-audit';
import { assertFirmaHeld } from './admin-scope';
import { addStore, addWarehouse, lockOrgChanges } from './org.service';
import { toAccount, toStore, toWarehouse } from './stores.mapping';
import * as repo from './stores.repository';

/** Who changes (for the audit log) and which firmas they hold. */
export interface AdminActor {
  actor: AuditActor;
  firmaIds: readonly number[];
}

export const taken = (field: string, message: string) =>
  new AppError(409, 'NUMBER_TAKEN', message, { [field]: message });
export const editedMeanwhile = () => new AppError(409, 'EDITED_MEANWHILE', ADMIN_MSG.editedMeanwhile);
/** An object of a firma the admin does not hold is answered as missing. */
export function held<T extends { firma_id: number }>(row: T | undefined, firmaIds: readonly number[]): T {
  if (!row) throw new AppError(404, 'NOT_FOUND', ADMIN_MSG.notFound);
  assertFirmaHeld(firmaIds, row.firma_id, 404);
  return row;
}

/** The admin's firmas, each with its accounts and stores, and the stores' warehouses. */
export async function loadOrg(db: Db, firmaIds: number[]): Promise<AdminOrg> {
  const [firmas, accounts, stores, warehouses] = await Promise.all([
    repo.firmasByIds(db, firmaIds),
    repo.accountsOf(db, firmaIds),
    repo.storesOf(db, firmaIds),
    repo.warehousesOf(db, firmaIds),
  ]);
  return {
    firmas: firmas.map((f) => ({
      id: f.id,
      name: f.kurzbezeichnung,
      accounts: accounts.filter((a) => a.firma_id === f.id).map(toAccount),
      stores: stores
        .filter((s) => s.firma_id === f.id)
        .map((s) => toStore(s, warehouses.filter((w) => w.vkforg_id === s.id).map(toWarehouse))),
    })),
  };
}

export async function createStore(
  trx: Db,
  who: AdminActor,
  firma: number,
  input: AdminStoreInput,
): Promise<AdminStore> {
  assertFirmaHeld(who.firmaIds, firma, 403);
  // The org import numbers new rows the same way: one writer at a time.
  await lockOrgChanges(trx);
  if (await repo.storeNumberTaken(trx, firma, input.vkforg)) throw taken('vkforg', ADMIN_STORES_MSG.storeNumberTaken);
  const id = await addStore(trx, { firma_id: firma, vkforg: input.vkforg, kurzbezeichnung: input.name });
  const store = toStore(held(await repo.storeById(trx, id), who.firmaIds));
  await recordAudit(trx, {
    actor: who.actor,
    action: 'store.create',
    objectType: 'store',
    objectId: id,
    firmaId: firma,
    after: store,
  });
  return store;
}

export async function updateStore(
  trx: Db,
  who: AdminActor,
  id: number,
  input: AdminStoreInput & { version: number },
): Promise<AdminStore> {
  const before = held(await repo.storeById(trx, id), who.firmaIds);
  await lockOrgChanges(trx);
  if (await repo.storeNumberTaken(trx, before.firma_id, input.vkforg, id))
    throw taken('vkforg', ADMIN_STORES_MSG.storeNumberTaken);
  const after = await repo.updateStore(trx, id, input.version, { vkforg: input.vkforg, kurzbezeichnung: input.name });
  if (!after) throw editedMeanwhile();
  const store = toStore(after);
  await recordAudit(trx, {
    actor: who.actor,
    action: 'store.update',
    objectType: 'store',
    objectId: id,
    firmaId: before.firma_id,
    before: toStore(before),
    after: store,
  });
  return store;
}

export async function createAccount(
  trx: Db,
  who: AdminActor,
  firma: number,
  input: AdminAccountInput,
): Promise<AdminAccount> {
  assertFirmaHeld(who.firmaIds, firma, 403);
  await lockOrgChanges(trx);
  if (await repo.accountNumberTaken(trx, firma, input.number))
    throw taken('number', ADMIN_STORES_MSG.accountNumberTaken);
  const id = await repo.nextAccountId(trx);
  await repo.insertAccount(trx, { id, firma_id: firma, number: input.number, name: input.name });
  const account = toAccount(held(await repo.accountById(trx, id), who.firmaIds));
  await recordAudit(trx, {
    actor: who.actor,
    action: 'account.create',
    objectType: 'account',
    objectId: id,
    firmaId: firma,
    after: account,
  });
  return account;
}

export async function updateAccount(
  trx: Db,
  who: AdminActor,
  id: number,
  input: AdminAccountInput & { version: number },
): Promise<AdminAccount> {
  const before = held(await repo.accountById(trx, id), who.firmaIds);
  await lockOrgChanges(trx);
  if (await repo.accountNumberTaken(trx, before.firma_id, input.number, id))
    throw taken('number', ADMIN_STORES_MSG.accountNumberTaken);
  const after = await repo.updateAccount(trx, id, input.version, { number: input.number, name: input.name });
  if (!after) throw editedMeanwhile();
  const account = toAccount(after);
  await recordAudit(trx, {
    actor: who.actor,
    action: 'account.update',
    objectType: 'account',
    objectId: id,
    firmaId: before.firma_id,
    before: toAccount(before),
    after: account,
  });
  return account;
}

export async function createWarehouse(
  trx: Db,
  who: AdminActor,
  storeId: number,
  input: AdminWarehouseInput,
): Promise<AdminWarehouse> {
  const store = held(await repo.storeById(trx, storeId), who.firmaIds);
  await lockOrgChanges(trx);
  if (await repo.warehouseNumberTaken(trx, storeId, input.number))
    throw taken('number', ADMIN_STORES_MSG.warehouseNumberTaken);
  const id = await addWarehouse(trx, {
    firma_id: store.firma_id,
    vkforg_id: storeId,
    number: input.number,
    name: input.name,
  });
  const warehouse = toWarehouse(held(await repo.warehouseById(trx, id), who.firmaIds));
  await recordAudit(trx, {
    actor: who.actor,
    action: 'warehouse.create',
    objectType: 'warehouse',
    objectId: id,
    firmaId: store.firma_id,
    after: { ...warehouse, store: store.vkforg },
  });
  return warehouse;
}

export async function updateWarehouse(
  trx: Db,
  who: AdminActor,
  id: number,
  input: AdminWarehouseInput & { version: number },
): Promise<AdminWarehouse> {
  const before = held(await repo.warehouseById(trx, id), who.firmaIds);
  await lockOrgChanges(trx);
  if (await repo.warehouseNumberTaken(trx, before.vkforg_id, input.number, id))
    throw taken('number', ADMIN_STORES_MSG.warehouseNumberTaken);
  const after = await repo.updateWarehouse(trx, id, input.version, { number: input.number, name: input.name });
  if (!after) throw editedMeanwhile();
  const warehouse = toWarehouse(after);
  await recordAudit(trx, {
    actor: who.actor,
    action: 'warehouse.update',
    objectType: 'warehouse',
    objectId: id,
    firmaId: before.firma_id,
    before: toWarehouse(before),
    after: warehouse,
  });
  return warehouse;
}
