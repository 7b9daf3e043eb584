import { loadEnv } from '../config/env';
import { createPrivateFiles } from '../lib/private-files';
import { type AdminIo, runAdminCli } from './admin-client';

// Backups, exports and reports are its owner's alone, and so is a data directory the CLI opens itself.
createPrivateFiles();

// `npm run admin -- <command …>` (and `npm run import -- <kind> <file>`, the import command by another name).
const terminal = process.stderr.isTTY === true;
const io: AdminIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${terminal ? '\r\x1b[K' : ''}${line}\n`),
  progressLine: terminal ? (line) => process.stderr.write(`\r\x1b[K${line ?? ''}`) : undefined,
};
const env = loadEnv();
const code = await runAdminCli(process.argv.slice(2), env, io, env.INIT_CWD ?? process.cwd());
process.exitCode = code;
