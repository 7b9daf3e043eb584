import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The names of every migration this version needs, in the order they are applied. */
export function migrationNames(): string[] {
  return fs
    .readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** Applies every SQL file of migrations/ not yet applied, in name order; landed files are frozen. */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const { db } = handle;
  await handle.execScript(
    'create table if not exists schema_migration (name text primary key, applied_at timestamptz not null default now())',
  );
  const files = migrationNames();
  const applied = new Set(
    (await sql<{ name: string }>`select name from schema_migration`.execute(db)).rows.map((r) => r.name),
  );
  const done: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const script = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
    await handle.execScript(
      `begin;\n${script}\n;insert into schema_migration(name) values ('${file.replace(/'/g, "''")}');\ncommit;`,
    );
    done.push(file);
  }
  return done;
}
