import { sql } from 'kysely';
import type { Db } from '../db/database';
import { seedArticles } from './article-seed';
import { seedGiftCards } from './gift-cards-seed';
import { seedNotifications } from './notification-seed';
import { seedPlatform } from './platform-seed';
import { seedGoodsReceiptCheckConfig, seedReceivingDocuments } from './receiving-documents-seed';
import { seedStorageLocations } from './storage-locations-seed';

export interface SeedOptions {
  articles: number;
}

/**
 * Demo data for an empty database; a database that has data is left alone. Each module adds its own
 * seed step here, after the platform it builds on.
 */
export async function seedDemoData(db: Db, options: SeedOptions) {
  const existing = await db.selectFrom('firma').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    await seedPlatform(trx);
    await seedArticles(trx, { articles: options.articles });
    await seedGiftCards(trx);
    await seedStorageLocations(trx);
    await seedNotifications(trx);
    await seedReceivingDocuments(trx);
    await seedGoodsReceiptCheckConfig(trx);
  });
  // PGlite runs no autovacuum: without statistics the planner took the cache page of a 50,000-article demo
  // for a scan of everything (10 s per 1,000 articles instead of ~0.2 s).
  await sql`analyze`.execute(db);
  return true;
}
