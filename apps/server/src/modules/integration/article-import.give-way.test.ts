import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withCheckDigit } from '@mde/contracts';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { runsInProcess } from '../../db/database';
import type { AdminCommandContext } from '../../lib/admin-command';
import { useTestApp } from '../../test/test-app';
import { type ImportRun, importFile } from './import.command';

// On PGlite the stores' requests and the import share one connection on the server's thread: the import begins
// each transaction only once the requests under way have their answers (db/request-activity.ts). PostgreSQL
// answers requests beside an open transaction, so there the import asks nobody.

const t = useTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-import-give-way-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function articleFile(firma: number, vkforg: string, prefix: string) {
  await sql`insert into firma (id, kurzbezeichnung) values (${firma}, 'Vorrang')`.execute(t.db);
  await sql`insert into vkforg (id, firma_id, vkforg, kurzbezeichnung)
    values (${firma * 10 + 1}, ${firma}, ${vkforg}, 'F')`.execute(t.db);
  const file = path.join(dir, `${firma}.csv`);
  fs.writeFileSync(
    file,
    [
      'Firma;Artikelnummer;Bezeichnung 1;Abteilung;Basiseinheit;Einheiten;Codes;Preise;Listungen',
      ...Array.from(
        { length: 6 },
        (_, i) =>
          `${firma};V-${i};Artikel ${i};Obst;ST;ST:1;${withCheckDigit(`${prefix}${String(i).padStart(9, '0')}`)}:ST;${vkforg}:ST:1,50:01.01.2026;${vkforg}:01.01.2026`,
      ),
    ].join('\n'),
  );
  return file;
}

async function run(file: string, options: ImportRun) {
  const err: string[] = [];
  const context: AdminCommandContext = {
    database: t.app.database,
    env: t.app.env,
    out: () => undefined,
    err: (l) => err.push(l),
    progress: () => undefined,
  };
  const code = await importFile(context, 'articles', file, { dryRun: false, full: false }, options);
  return { code, err };
}

const storedOf = async (firma: number) =>
  (await sql<{ n: number }>`select count(*)::int as n from article where firma_id = ${firma}`.execute(t.db)).rows[0]?.n;

describe('article import beside the stores', () => {
  it('on PGlite begins its transaction only once the stores have been given way', async (ctx) => {
    if (!runsInProcess(t.db)) return ctx.skip();
    const file = await articleFile(9301, '931', '291');
    const steps: string[] = [];
    let reached!: () => void;
    const atGiveWay = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const running = run(file, {
      giveWay: () => {
        steps.push('give way');
        reached();
        return gate;
      },
      chunkWritten: (chunk) => {
        steps.push(`chunk ${chunk}`);
      },
    });
    await atGiveWay;
    // The import waits outside any transaction: a request meanwhile gets the connection and sees nothing of it.
    expect(await storedOf(9301)).toBe(0);
    expect(steps).toEqual(['give way']);
    letGo();
    const result = await running;
    expect(result.code, result.err.join('\n')).toBe(0);
    expect(steps.slice(0, 2)).toEqual(['give way', 'chunk 1']);
    // The statistics after the last chunk give way before each table too.
    expect(steps.slice(2).every((s) => s === 'give way')).toBe(true);
    expect(await storedOf(9301)).toBe(6);
  });

  it('on PostgreSQL, and in chunks of a fixed size, asks nobody', async () => {
    const file = await articleFile(9302, '932', '292');
    const asked: string[] = [];
    const giveWay = async () => {
      asked.push('give way');
    };
    const fixed = await run(file, { chunkRecords: 4, giveWay });
    expect(fixed.code, fixed.err.join('\n')).toBe(0);
    expect(asked).toEqual([]);
    if (runsInProcess(t.db)) return;
    const paced = await run(file, { giveWay });
    expect(paced.code, paced.err.join('\n')).toBe(0);
    expect(asked).toEqual([]);
  });
});
