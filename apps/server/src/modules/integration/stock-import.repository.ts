import type { Db } from '../../db/database';

export const articleIdsOf = (db: Db, firmaId: number, numbers: string[]) =>
  numbers.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('article')
        .select(['id', 'number'])
        .where('firma_id', '=', firmaId)
        .where('number', 'in', numbers)
        .execute();
