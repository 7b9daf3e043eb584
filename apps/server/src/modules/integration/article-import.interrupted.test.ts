import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdminCommandContext } from '../../lib/admin-command';
import { useTestApp } from '../../test/test-app';
import { type ImportRun, importFile } from './import.command';

// A run that stops mid-file (a crash, a full disk) keeps the chunks it committed and nothing of the one it was
// in, names the last line stored, and the same call again completes the file (docs/import/README.md).

const t = useTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-import-stop-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const FIRMA = 9200;

function withCheck(digits: string) {
  const sum = [...digits].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

async function run(file: string, options: ImportRun) {
  const lines = { out: [] as string[], err: [] as string[] };
  const context: AdminCommandContext = {
    database: t.app.database,
    env: t.app.env,
    out: (l) => lines.out.push(l),
    err: (l) => lines.err.push(l),
    progress: () => undefined,
  };
  const code = await importFile(context, 'articles', file, { dryRun: false, full: false }, options);
  return { code, ...lines };
}

const stored = async () =>
  (
    await sql<{ number: string; codes: number }>`select a.number,
        (select count(*)::int from article_code c where c.article_id = a.id) as codes
      from article a where a.firma_id = ${FIRMA} order by a.number`.execute(t.db)
  ).rows;

describe('article import stopped mid-file', () => {
  it('keeps the committed chunks only, names the last stored line, and a second run completes the file', async () => {
    await sql`insert into firma (id, kurzbezeichnung) values (${FIRMA}, 'Abbruch')`.execute(t.db);
    await sql`insert into vkforg (id, firma_id, vkforg, kurzbezeichnung) values (92001, ${FIRMA}, '93', 'F')`.execute(
      t.db,
    );
    const numbers = Array.from({ length: 12 }, (_, i) => `AB-${String(i + 1).padStart(2, '0')}`);
    const file = path.join(dir, 'artikel.csv');
    fs.writeFileSync(
      file,
      [
        'Firma;Artikelnummer;Bezeichnung 1;Abteilung;Basiseinheit;Einheiten;Codes;Preise;Listungen',
        ...numbers.map(
          (n, i) =>
            `${FIRMA};${n};Artikel ${n};Obst;ST;ST:1|KI:6;${withCheck(`29${String(i).padStart(10, '0')}`)}:ST;93:ST:1,${10 + i}:01.01.2026;93:01.01.2026`,
        ),
      ].join('\n'),
    );

    // The fault strikes in the second chunk's transaction, after its rows were written.
    const fault: ImportRun = {
      chunkRecords: 5,
      chunkWritten: (chunk) => {
        if (chunk === 2) throw new Error('Stromausfall');
      },
    };
    const stopped = await run(file, fault);
    expect(stopped.code).toBe(1);
    expect(stopped.err).toEqual([
      'Import abgebrochen (Stromausfall). Gespeichert sind die Zeilen 2 bis 6, die Zeilen danach nicht; ' +
        'derselbe Aufruf noch einmal übernimmt den Rest (schon gespeicherte Zeilen bleiben unverändert).',
    ]);
    expect(await stored()).toEqual(numbers.slice(0, 5).map((number) => ({ number, codes: 1 })));

    const again = await run(file, { chunkRecords: 5 });
    expect(again.code, again.err.join('\n')).toBe(0);
    expect(again.out[0]).toContain('7 neu, 0 geändert, 5 unverändert, 0 abgewiesen');
    expect(await stored()).toEqual(numbers.map((number) => ({ number, codes: 1 })));
  });
});
