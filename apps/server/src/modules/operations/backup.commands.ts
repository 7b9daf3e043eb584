import path from 'node:path';
import type { AdminCommand } from '../../lib/admin-command';
import { BackupError, backupTo, restoreFrom } from './backup';

const absolute = (args: string[], cwd: string) => args.map((a) => (a.startsWith('-') ? a : path.resolve(cwd, a)));

async function reported(context: { err(line: string): void }, work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    context.err(error.message);
    return 1;
  }
}

/** `npm run admin -- backup <file>` and `restore <file>`. */
export const backupCommands: AdminCommand[] = [
  {
    name: 'backup',
    summary: 'Sicherung der laufenden Datenbank in eine Datei (PGlite: .tar.gz über den Server; PostgreSQL: pg_dump)',
    usage: '<datei>',
    resolvePaths: absolute,
    run: (context, args) =>
      reported(context, async () => {
        const [file] = args;
        if (!file || args.length > 1) throw new BackupError('Aufruf: backup <datei>');
        const { bytes } = await backupTo(context.database, context.env, file);
        context.out(`Sicherung geschrieben: ${file} (${bytes} Bytes)`);
      }),
  },
  {
    name: 'restore',
    summary: 'Sicherung in ein leeres DATA_DIR (PGlite) oder eine leere Datenbank (DATABASE_URL) zurückspielen',
    usage: '<datei>',
    resolvePaths: absolute,
    opensDatabase: false,
    run: (context, args) =>
      reported(context, async () => {
        const [file] = args;
        if (!file || args.length > 1) throw new BackupError('Aufruf: restore <datei>');
        await restoreFrom(context.env, file);
        const target = context.env.DATABASE_URL ? 'die Datenbank' : `DATA_DIR ${context.env.DATA_DIR}`;
        context.out(`Sicherung zurückgespielt in ${target}; der Server kann darauf starten.`);
      }),
  },
];
