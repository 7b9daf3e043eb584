import net from 'node:net';
import readline from 'node:readline';
import type { Env } from '../config/env';
import { DataDirInUseError } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import type { AdminCommandContext } from '../lib/admin-command';
import { type AdminMessage, adminSocketPath } from './admin-socket';
import { findCommand, helpText, runCommand } from './dispatch';
import { progressBar } from './progress-bar';

/** Where the CLI's lines go (the process's streams; tests collect them). */
export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
  /** Redraws the progress line; only given on a terminal. */
  progressLine?(line: string | null): void;
}

/**
 * `npm run admin -- <command …>`: with DATABASE_URL the CLI opens PostgreSQL itself. With PGlite the
 * running server owns the directory, so the command goes to its admin socket; when no server listens
 * there, the CLI takes the directory's lock and opens PGlite itself.
 */
export async function runAdminCli(argv: string[], env: Env, io: AdminIo, cwd = process.cwd()): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(helpText());
    return argv.length === 0 ? 2 : 0;
  }
  const found = findCommand(argv);
  if (!found) {
    io.err(`Unbekannter Befehl: ${argv.join(' ')}`);
    io.err(helpText());
    return 2;
  }
  const nameWords = argv.slice(0, argv.length - found.args.length);
  const args = found.command.resolvePaths?.(found.args, cwd) ?? found.args;
  const resolved = [...nameWords, ...args];
  // Restore must find no database: it runs here, never in a server, and gets no handle to open one.
  if (found.command.opensDatabase === false) {
    try {
      return await runCommand(localContext(withoutDatabase, env, io), resolved);
    } finally {
      io.progressLine?.(null);
    }
  }
  if (!env.DATABASE_URL) {
    const remote = await sendToServer(adminSocketPath(env.DATA_DIR), resolved, io);
    if (remote !== undefined) return remote;
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    io.err(error.message);
    return 1;
  }
  try {
    await database.withStartupLock(() => migrate(database));
    return await runCommand(localContext(database, env, io), resolved);
  } finally {
    io.progressLine?.(null);
    await database.close();
  }
}

const withoutDatabase = new Proxy({} as AdminCommandContext['database'], {
  get() {
    throw new Error('this command runs without an open database');
  },
});

function localContext(database: AdminCommandContext['database'], env: Env, io: AdminIo): AdminCommandContext {
  return {
    database,
    env,
    out: io.out,
    err: io.err,
    progress: (done, total) => io.progressLine?.(progressBar(done, total)),
  };
}

/** The command's exit code as the server ran it, or undefined when no server listens on the socket. */
function sendToServer(socketPath: string, argv: string[], io: AdminIo): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    let connected = false;
    let exitCode: number | undefined;
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ argv })}\n`);
      const lines = readline.createInterface({ input: socket });
      lines.on('line', (line) => {
        const message = JSON.parse(line) as AdminMessage;
        if (message.type === 'out') io.out(message.line);
        else if (message.type === 'err') io.err(message.line);
        else if (message.type === 'progress') io.progressLine?.(progressBar(message.done, message.total));
        else exitCode = message.code;
      });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // No socket file, or one a crashed server left: no server holds the directory (its lock decides).
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(undefined);
      else {
        io.err(`Verbindung zum MDE-Server abgebrochen: ${error.message}`);
        resolve(1);
      }
    });
    socket.on('close', () => {
      if (!connected) return;
      io.progressLine?.(null);
      if (exitCode === undefined) io.err('Der MDE-Server hat den Befehl nicht zu Ende ausgeführt');
      resolve(exitCode ?? 1);
    });
  });
}
