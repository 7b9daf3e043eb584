import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrate, migrationNames } from '../../db/migrate';

// An installation that runs keys and webhooks from before they belonged to firmas keeps working: the migration
// gives each of them every firma there is at that time (docs/administration.md#integration).

const MIGRATION = '20261204_0601_integration_governance.sql';
const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

describe(`migration ${MIGRATION}`, () => {
  it('gives the keys and webhooks there are every firma there is; a later firma is not theirs', async () => {
    const handle = await openDatabase({});
    try {
      await handle.execScript(
        'create table schema_migration (name text primary key, applied_at timestamptz not null default now())',
      );
      for (const name of migrationNames().filter((n) => n < MIGRATION)) {
        const script = fs.readFileSync(path.join(migrationsDir, name), 'utf8');
        await handle.execScript(`begin;\n${script}\n;insert into schema_migration(name) values ('${name}');\ncommit;`);
      }
      await sql`insert into firma (id, kurzbezeichnung) values (1, 'Nord'), (2, 'Süd'), (5, 'West')`.execute(handle.db);
      await sql`insert into api_key (name, key_hash, key_prefix, scopes) values ('ERP', 'h1', 'mde_ab', '{import:org}')`.execute(
        handle.db,
      );
      await sql`insert into webhook_subscription (url, event_types, secret, cursor_xact)
        values ('https://erp.local/hook', '{*}', 'whsec_x', 0)`.execute(handle.db);

      expect(await migrate(handle)).toContain(MIGRATION);
      await sql`insert into firma (id, kurzbezeichnung) values (7, 'Später')`.execute(handle.db);
      const key = await sql<{ firma_ids: number[] }>`select firma_ids from api_key`.execute(handle.db);
      const hook = await sql<{ firma_ids: number[] }>`select firma_ids from webhook_subscription`.execute(handle.db);
      expect(key.rows).toEqual([{ firma_ids: [1, 2, 5] }]);
      expect(hook.rows).toEqual([{ firma_ids: [1, 2, 5] }]);
    } finally {
      await handle.close();
    }
  });
});
