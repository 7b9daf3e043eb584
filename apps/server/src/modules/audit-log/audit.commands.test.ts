import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { modeOf } from '../../test/file-modes';
import { runAdminCommand } from '../../test/run-admin-command';
import { useTestApp } from '../../test/test-app';
import { recordAudit } from './record-audit';

// `npm run admin -- audit export [--from] [--to] [--firma] <file.csv>`: the operator's export of the log.

let dir: string;
const t = useTestApp({
  prepare: async (t) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-audit-'));
    await t.db.transaction().execute(async (trx) => {
      for (const firmaId of [1, 2, null]) {
        await recordAudit(trx, {
          actor: { system: 'cli-test' },
          action: 'cli.test',
          objectType: 'thing',
          objectId: String(firmaId),
          firmaId,
        });
      }
    });
  },
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) => runAdminCommand(t.app, ['audit', 'export', ...args]);

const rowsOf = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .trim()
    .split(/\r?\n/)
    .filter((l) => l.includes('cli.test'));

describe('audit export', () => {
  it('writes every entry, or one firma with --firma, as CSV with BOM and German headers', async () => {
    const all = path.join(dir, 'all.csv');
    const res = await run(all);
    expect(res.code, res.err.join('\n')).toBe(0);
    const text = fs.readFileSync(all, 'utf8');
    expect(text.startsWith('\uFEFFZeitpunkt;Benutzer;')).toBe(true);
    // Addresses and who did what: for the operator only.
    expect(modeOf(all)).toBe('0600');
    expect(rowsOf(all)).toHaveLength(3);
    const one = path.join(dir, 'one.csv');
    expect((await run('--firma', '2', one)).code).toBe(0);
    expect(rowsOf(one)).toHaveLength(1);
    expect(rowsOf(one)[0]).toContain(';thing;2;2;');
  });

  it('takes a period of days', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const file = path.join(dir, 'today.csv');
    expect((await run('--from', today, '--to', today, file)).code).toBe(0);
    expect(rowsOf(file)).toHaveLength(3);
    const old = path.join(dir, 'old.csv');
    expect((await run('--to', '2000-01-01', old)).code).toBe(0);
    expect(rowsOf(old)).toHaveLength(0);
  });

  it('writes a cell that Excel would run as a formula as text (a login name =HYPERLINK(…))', async () => {
    const name = '=HYPERLINK("http://evil.example/x";"Klick")';
    for (let attempt = 0; attempt < 12; attempt++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: name, password: 'falsch-falsch' },
        remoteAddress: '10.77.0.1',
      });
    }
    await recordAudit(t.db, {
      actor: { system: '+system' },
      action: '-minus',
      objectType: '@at',
      objectId: '\tTab',
      firmaId: null,
      after: { name: '\rReturn' },
    });
    const file = path.join(dir, 'formula.csv');
    expect((await run(file)).code).toBe(0);
    const cells: string[] = parse(fs.readFileSync(file, 'utf8'), { bom: true, delimiter: ';' }).flat();
    expect(cells).toEqual(expect.arrayContaining([`'${name.toLowerCase()}`, "'+system", "'-minus", "'@at", "'\tTab"]));
    for (const cell of cells) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('refuses bad arguments and an existing file with a message, writing nothing', async () => {
    for (const args of [
      [],
      ['--from', 'gestern', path.join(dir, 'x.csv')],
      ['--firma', 'eins', path.join(dir, 'y.csv')],
      ['--bogus', 'a.csv'],
    ]) {
      const res = await run(...args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.err.join('')).toMatch(/\S/);
    }
    expect(fs.existsSync(path.join(dir, 'x.csv'))).toBe(false);
    const res = await run(path.join(dir, 'all.csv'));
    expect(res.code).toBe(1);
    expect(res.err[0]).toContain('gibt es schon');
  });
});
