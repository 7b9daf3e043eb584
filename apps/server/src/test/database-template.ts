import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain .mjs helper shared with the test runner, no type declarations
import { createDatabase, dropDatabase } from '../../../../scripts/pg-temp.mjs';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDemoData } from '../seed';

/**
 * The database an API test file starts from, migrated and seeded once per run by global-setup.ts: PGlite loads
 * its data directory from a tarball, PostgreSQL copies a template database. Both are the state a fresh database
 * reaches after `migrate` and the demo seed with TEMPLATE_SEED_ARTICLES articles, in a fraction of the time.
 */
export type DatabaseTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };

/** The seed size of the template: what createTestApp seeds unless a test asks for another. */
export const TEMPLATE_SEED_ARTICLES = '300';

/** A PostgreSQL cluster of one Vitest worker and the template database in it. */
export interface PostgresCluster {
  adminUrl: string;
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite's template; undefined on PostgreSQL. */
    databaseTemplate: DatabaseTemplate | undefined;
    /** On PostgreSQL, one cluster per worker (global-setup.ts); undefined on PGlite. */
    postgresClusters: PostgresCluster[] | undefined;
  }
}

export async function makeDatabaseTemplate(adminUrl: string | undefined): Promise<DatabaseTemplate> {
  const seed = async (handle: Awaited<ReturnType<typeof openDatabase>>) => {
    await migrate(handle);
    await seedDemoData(handle.db, { articles: Number(TEMPLATE_SEED_ARTICLES) });
  };
  if (adminUrl) {
    const { name, url } = await createDatabase(adminUrl, 'mde_template');
    const handle = await openDatabase({ databaseUrl: url });
    try {
      await seed(handle);
    } finally {
      await handle.close();
    }
    return { kind: 'postgres', name };
  }
  const handle = await openDatabase({});
  try {
    await seed(handle);
    // A plain tar: every API test file loads it, and unpacking it then skips the gunzip of its 60 MB.
    const tarball = await handle.dumpDataDir?.('none');
    if (!tarball) throw new Error('PGlite gave no data directory dump');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-template-'));
    const file = path.join(dir, 'pgdata.tar');
    fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
    return { kind: 'pglite', file };
  } finally {
    await handle.close();
  }
}

export async function dropDatabaseTemplate(template: DatabaseTemplate, adminUrl: string | undefined) {
  if (template.kind === 'pglite') {
    fs.rmSync(path.dirname(template.file), { recursive: true, force: true });
    return;
  }
  await dropDatabase(adminUrl, template.name);
}

/** The PGlite template's data directory, for openDatabase({ loadDataDir }). */
export function templateDataDir(template: DatabaseTemplate): Blob | undefined {
  return template.kind === 'pglite' ? new Blob([fs.readFileSync(template.file)]) : undefined;
}
