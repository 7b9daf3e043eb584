import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { FastifyInstance } from 'fastify';
import type { AdminCommandContext } from '../lib/admin-command';
import { runCommand } from './dispatch';

export const ADMIN_SOCKET = 'admin.sock';

/** What travels on the socket: the CLI sends one request line, the server answers with these lines. */
export type AdminMessage =
  | { type: 'out'; line: string }
  | { type: 'err'; line: string }
  | { type: 'progress'; done: number; total?: number }
  | { type: 'exit'; code: number };

/**
 * The socket of the server holding `dataDir`: in a private directory (0700) of the system's temporary
 * directory named after the data directory, not inside it. PGlite's backup copies its whole directory, and
 * a socket file there cannot be read, so the backup of a running server failed.
 */
export const adminSocketPath = (dataDir: string) => path.join(adminSocketDir(dataDir), ADMIN_SOCKET);

function adminSocketDir(dataDir: string) {
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `mde-admin-${id}`);
}

/** Makes the socket's directory, owned by this user and closed to everyone else, or refuses to serve. */
function privateSocketDir(dataDir: string): string {
  const dir = adminSocketDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || (process.getuid && stat.uid !== process.getuid())) {
    throw new Error(`admin socket directory ${dir} is not this user's own directory`);
  }
  fs.chmodSync(dir, 0o700);
  return dir;
}

/**
 * The running server holds its PGlite directory, which no other process may open: `npm run admin` sends
 * its command here instead and the server runs it on its own database handle. A Unix socket in a directory
 * of its owner only, the socket itself 0600 (the file's permissions are the authentication, no TCP port
 * ever). A socket left by a server that crashed is replaced: this process holds the directory's lock.
 */
export async function serveAdminSocket(app: FastifyInstance, dataDir: string): Promise<void> {
  const file = path.join(privateSocketDir(dataDir), ADMIN_SOCKET);
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => handle(app, socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  app.addHook('preClose', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(file, { force: true });
  });
}

function handle(app: FastifyInstance, socket: net.Socket) {
  const send = (message: AdminMessage) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
  };
  socket.on('error', () => socket.destroy());
  const lines = readline.createInterface({ input: socket });
  lines.once('line', (line) => {
    lines.close();
    let argv: string[];
    try {
      const request = JSON.parse(line) as { argv?: unknown };
      if (!Array.isArray(request.argv) || !request.argv.every((a) => typeof a === 'string')) throw new Error();
      argv = request.argv;
    } catch {
      send({ type: 'err', line: 'Ungültige Anfrage an den Admin-Socket' });
      send({ type: 'exit', code: 2 });
      socket.end();
      return;
    }
    const context: AdminCommandContext = {
      database: app.database,
      env: app.env,
      out: (text) => send({ type: 'out', line: text }),
      err: (text) => send({ type: 'err', line: text }),
      progress: (done, total) => send({ type: 'progress', done, total }),
    };
    runCommand(context, argv).then(
      (code) => {
        send({ type: 'exit', code });
        socket.end();
      },
      () => {
        send({ type: 'exit', code: 1 });
        socket.end();
      },
    );
  });
}
