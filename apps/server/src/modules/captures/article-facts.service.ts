import type { Db } from '../../db/database';
import * as repo from './article-facts.repository';

// The capture engine's reads of the article domain, for the capture modules that plan their own documents
// (the inventory's differences, the order proposal): they read through here, not the engine's SQL.

/** The capture rules' facts (units, main supplier, target stock) of the given articles in the scope. */
export const articleFacts = (db: Db, scope: { firmaId: number; vkforgId: number }, articleIds: readonly number[]) =>
  repo.loadArticleFacts(db, scope, articleIds);

/** The book stock of the given articles in one warehouse of the firma. */
export const bookStock = (db: Db, firmaId: number, warehouseId: number, articleIds: readonly number[]) =>
  repo.loadBookStock(db, firmaId, warehouseId, articleIds);
