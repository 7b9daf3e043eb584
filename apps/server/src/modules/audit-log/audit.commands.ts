import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { auditLogFilterSchema } from '@mde/contracts';
import type { AdminCommand } from '../../lib/admin-command';
import { PRIVATE_FILE_MODE } from '../../lib/private-files';
import { auditLogCsv } from './audit-log.service';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A plain day means its whole day in UTC: --from its start, --to its end. */
const instant = (value: string | undefined, end: boolean) =>
  value && DAY.test(value) ? `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : value;

function parseExportArgs(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { from: { type: 'string' }, to: { type: 'string' }, firma: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch {
    return null;
  }
}

export const auditExportCommand: AdminCommand = {
  name: 'audit export',
  summary: 'Schreibt das Protokoll (Audit-Log) als CSV-Datei, neueste Einträge zuerst',
  usage: '[--from <Datum>] [--to <Datum>] [--firma <Nr>] <datei.csv>   (Datum: JJJJ-MM-TT oder ISO-Zeitpunkt)',
  resolvePaths(args, cwd) {
    const flags = new Set(['--from', '--to', '--firma']);
    return args.map((arg, i) =>
      !arg.startsWith('--') && !flags.has(args[i - 1] ?? '') ? path.resolve(cwd, arg) : arg,
    );
  },
  async run(context, args) {
    const parsed = parseExportArgs(args);
    if (!parsed) {
      context.err(`Aufruf: audit export ${this.usage}`);
      return 2;
    }
    const { values, positionals } = parsed;
    const file = positionals[0];
    if (positionals.length !== 1 || !file) {
      context.err(`Aufruf: audit export ${this.usage}`);
      return 2;
    }
    const filter = auditLogFilterSchema.safeParse({ from: instant(values.from, false), to: instant(values.to, true) });
    if (!filter.success) {
      context.err(`Ungültiger Zeitraum: ${filter.error.issues.map((i) => i.message).join(', ')}`);
      return 2;
    }
    const firma = values.firma === undefined ? null : Number(values.firma);
    if (firma !== null && (!/^[1-9]\d{0,8}$/.test(values.firma ?? '') || !Number.isInteger(firma))) {
      context.err('--firma erwartet die Nummer einer Firma');
      return 2;
    }
    const csv = auditLogCsv(context.database.db, { firmaIds: firma === null ? null : [firma] }, filter.data);
    let lines = 0;
    csv.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 10) lines++;
    });
    try {
      // Who did what from which address: for the operator only.
      await pipeline(csv, fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      context.err(
        code === 'EEXIST' ? `${file} gibt es schon; bitte eine neue Datei nennen` : `${file}: ${code ?? error}`,
      );
      return 1;
    }
    context.out(`${Math.max(0, lines - 1)} Einträge nach ${file} geschrieben.`);
    return 0;
  },
};
