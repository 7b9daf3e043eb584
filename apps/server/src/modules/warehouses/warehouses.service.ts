import type { Warehouse } from '@mde/contracts';
import type { Db } from '../../db/database';
import { listWarehouses } from './warehouses.repository';

/** The warehouses of the session's vkforg, scoped to its firma. */
export async function warehousesOfSession(
  db: Db,
  session: { firmaId: number; vkforgId: number },
): Promise<Warehouse[]> {
  const rows = await listWarehouses(db, session.firmaId, session.vkforgId);
  return rows.map(({ id, number, name }) => ({ id, number, name }));
}
