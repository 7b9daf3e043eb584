import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadEnv } from '../config/env';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { createPrivateFiles } from '../lib/private-files';
import { seedArticles } from './article-seed';
import { seedDemoData } from './index';
import { seedReceivingDocuments } from './receiving-documents-seed';
import { seedStorageLocations } from './storage-locations-seed';

// `npm run seed -- --articles 1000000`: demo users plus a scale assortment in the database named by
// DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite). Refuses a database that already has articles.
createPrivateFiles();
const { values } = parseArgs({
  options: { articles: { type: 'string', default: '5000' }, seed: { type: 'string', default: '4711' } },
});
const articles = Number(values.articles);
if (!Number.isInteger(articles) || articles < 0) {
  process.stderr.write('--articles muss eine nicht-negative ganze Zahl sein\n');
  process.exit(2);
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const started = Date.now();
try {
  await database.withStartupLock(async () => {
    await migrate(database);
    const existing = await database.db.selectFrom('article').select('id').limit(1).executeTakeFirst();
    if (existing) throw new Error('Die Datenbank enthält bereits Artikel; bitte eine leere Datenbank verwenden.');
    await seedDemoData(database.db, { articles: 0 });
    let lastLog = 0;
    await seedArticles(database.db, {
      articles,
      seed: Number(values.seed),
      transactionPerBatch: true,
      batchSize: 2000,
      onProgress: (firmaId, done, total) => {
        if (Date.now() - lastLog < 5000 && done < total) return;
        lastLog = Date.now();
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        say(
          `Firma ${firmaId}: ${done.toLocaleString('de-DE')} / ${total.toLocaleString('de-DE')} Artikel (${seconds} s)`,
        );
      },
    });
    await seedStorageLocations(database.db);
    await seedReceivingDocuments(database.db);
    // Bulk-loaded tables are vacuumed at once (visibility map, hint bits) rather than by autovacuum while
    // the database is already in use.
    await sql`vacuum (analyze)`.execute(database.db);
  });
  say(
    `Fertig: ${articles.toLocaleString('de-DE')} Artikel in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
  );
} finally {
  await database.close();
}
