import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Env } from '../../config/env';
import { LOCK_FILE, lockDataDir } from '../../db/data-dir-lock';
import type { DatabaseHandle } from '../../db/database';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateTree } from '../../lib/private-files';

const run = promisify(execFile);
const gunzip = promisify(zlib.gunzip);

/** A problem the operator can fix; its message is the one line the command prints. */
export class BackupError extends Error {}

const GZIP = Buffer.from([0x1f, 0x8b]);
const PG_CUSTOM_DUMP = Buffer.from('PGDMP');

/**
 * Writes a consistent backup of the database to `file`: on PGlite the data directory as the running server
 * sees it between two transactions (a .tar.gz), on PostgreSQL pg_dump's custom format (one snapshot).
 * The file appears only when complete (written beside it, then renamed); an existing file is kept.
 */
export async function backupTo(database: DatabaseHandle, env: Env, file: string): Promise<{ bytes: number }> {
  if (fs.existsSync(file)) throw new BackupError(`Die Datei ${file} gibt es schon; sie wird nicht überschrieben.`);
  if (!fs.existsSync(path.dirname(file))) throw new BackupError(`Das Verzeichnis ${path.dirname(file)} gibt es nicht.`);
  const partial = `${file}.part`;
  try {
    // It holds every password hash and webhook secret: created for its owner only before a byte is in it
    // (pg_dump writes into the file as it finds it).
    fs.rmSync(partial, { force: true });
    fs.writeFileSync(partial, '', { flag: 'wx', mode: PRIVATE_FILE_MODE });
    if (database.dumpDataDir) {
      const tarball = await database.dumpDataDir();
      fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    } else {
      if (!env.DATABASE_URL) throw new BackupError('Keine Datenbank für die Sicherung angegeben.');
      await run(postgresTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${partial}`, env.DATABASE_URL]);
    }
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw toBackupError(error, 'Sicherung fehlgeschlagen');
  }
  return { bytes: fs.statSync(file).size };
}

/**
 * Restores a backup of backupTo into an empty DATA_DIR (PGlite) or an empty database (DATABASE_URL); never
 * over existing data. Run it with no server on that directory or database.
 */
export async function restoreFrom(env: Env, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`Die Datei ${file} gibt es nicht.`);
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, head, 0, 5, 0);
  fs.closeSync(fd);
  if (env.DATABASE_URL) {
    if (!head.equals(PG_CUSTOM_DUMP))
      throw new BackupError('Die Datei ist keine Sicherung einer PostgreSQL-Datenbank (pg_dump).');
    await restorePostgres(env.DATABASE_URL, file);
  } else {
    if (!head.subarray(0, 2).equals(GZIP))
      throw new BackupError('Die Datei ist keine Sicherung eines MDE-Datenverzeichnisses (PGlite).');
    await restorePGlite(env.DATA_DIR, file);
  }
}

async function restorePGlite(dataDir: string, file: string) {
  const existed = fs.existsSync(dataDir);
  if (existed && fs.readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `DATA_DIR ${dataDir} ist nicht leer; eine Sicherung wird nur in ein leeres Verzeichnis zurückgespielt.`,
    );
  }
  const tar = await unpacked(file);
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const unlock = lockDataDir(dataDir);
  try {
    const pglite = await loadTar(dataDir, tar);
    await pglite.query('select 1 from schema_migration limit 1');
    await pglite.close();
    // The tar's modes and PGlite's own (0644, 0666) are narrowed: the directory is its owner's alone.
    privateTree(dataDir);
    // The copy holds the lock file of the server it was taken from: while that server runs, a server on the
    // restored directory would take it for a directory in use. The restore holds the lock here.
    fs.rmSync(path.join(dataDir, LOCK_FILE), { force: true });
  } catch (error) {
    unlock();
    // Nothing half restored stays behind.
    if (existed) for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true });
    else fs.rmSync(dataDir, { recursive: true, force: true });
    throw isZlibError(error) ? damaged() : toBackupError(error, 'Die Sicherung konnte nicht zurückgespielt werden');
  }
  unlock();
}

const damaged = () =>
  new BackupError('Die Sicherung konnte nicht zurückgespielt werden: die Datei ist unvollständig oder beschädigt.');
const isZlibError = (error: unknown) => /^Z_/.test(String((error as { code?: unknown } | null)?.code ?? ''));

/** The backup's tar, unpacked here, so a file cut short or damaged is the operator's one German line. */
async function unpacked(file: string): Promise<Buffer> {
  try {
    return await gunzip(fs.readFileSync(file));
  } catch {
    throw damaged();
  }
}

/**
 * PGlite on `dataDir` holding the tar's files. PGlite's gzip reader, which it also tries on a tar it cannot
 * read, leaves its writer's promises unheard: their rejection ended the CLI with a stack after the German line.
 * While the tar loads, a rejection of that reader (a zlib error) is left to the load's own failure.
 */
async function loadTar(dataDir: string, tar: Buffer): Promise<PGlite> {
  const strayReaderError = (reason: unknown) => {
    if (!isZlibError(reason)) throw reason;
  };
  process.on('unhandledRejection', strayReaderError);
  try {
    return await PGlite.create(`file://${dataDir}`, { loadDataDir: new Blob([tar], { type: 'application/x-tar' }) });
  } finally {
    // Node reports unheard rejections once the pending promise jobs have run, before the next macrotask.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', strayReaderError);
  }
}

async function restorePostgres(url: string, file: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if ((tables.rows[0]?.n ?? 0) > 0) {
      throw new BackupError(
        'Die Datenbank ist nicht leer; eine Sicherung wird nur in eine leere Datenbank zurückgespielt.',
      );
    }
  } finally {
    await client.end();
  }
  try {
    await run(postgresTool('pg_restore'), [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${url}`,
      file,
    ]);
  } catch (error) {
    throw toBackupError(error, 'Die Sicherung konnte nicht zurückgespielt werden');
  }
}

/** Debian's client of the newest PostgreSQL installed (a pg_dump older than the server refuses to dump). */
function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(base, versions[0], 'bin', name) : name;
}

function toBackupError(error: unknown, what: string): BackupError {
  if (error instanceof BackupError) return error;
  const stderr = (error as { stderr?: string }).stderr?.trim().split('\n')[0];
  // PGlite rejects with plain objects too: their message, never '[object Object]'.
  const message = (error as { message?: unknown } | undefined)?.message;
  return new BackupError(`${what}: ${stderr || (typeof message === 'string' ? message : JSON.stringify(error))}`);
}
