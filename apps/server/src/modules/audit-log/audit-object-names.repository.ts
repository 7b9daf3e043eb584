import type { Db } from '../../db/database';

// An audit entry names its object by name (docs/administration.md "Wörter der Administration"): a user by their
// user name, a store, an account or a warehouse by its name, read now for the page shown. An object deleted
// since, or of another kind, keeps its id.

type Reader = (db: Db, ids: number[]) => Promise<{ id: number; name: string }[]>;

const NAMED: Record<string, Reader> = {
  user: (db, ids) => db.selectFrom('app_user').select(['id', 'username as name']).where('id', 'in', ids).execute(),
  store: (db, ids) =>
    db.selectFrom('vkforg').select(['id', 'kurzbezeichnung as name']).where('id', 'in', ids).execute(),
  account: (db, ids) => db.selectFrom('account').select(['id', 'name']).where('id', 'in', ids).execute(),
  warehouse: (db, ids) => db.selectFrom('warehouse').select(['id', 'name']).where('id', 'in', ids).execute(),
};

/** `type:id` → name for the entries' objects that have one. */
export async function objectNames(
  db: Db,
  entries: readonly { object_type: string; object_id: string | null }[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const idsByType = new Map<string, Set<number>>();
  for (const e of entries) {
    if (!Object.hasOwn(NAMED, e.object_type) || e.object_id === null || !/^\d{1,9}$/.test(e.object_id)) continue;
    const ids = idsByType.get(e.object_type) ?? new Set<number>();
    ids.add(Number(e.object_id));
    idsByType.set(e.object_type, ids);
  }
  for (const [type, ids] of idsByType) {
    const read = NAMED[type] as Reader;
    for (const row of await read(db, [...ids])) names.set(`${type}:${row.id}`, row.name);
  }
  return names;
}
