import { runCommand } from '../admin/dispatch';
import type { Env } from '../config/env';
import type { DatabaseHandle } from '../db/database';
import type { AdminCommandContext } from '../lib/admin-command';

/** What an operator command printed: its lines apart and in the order they came, and its progress calls. */
export interface AdminOutput {
  out: string[];
  err: string[];
  /** Standard output and standard error interleaved, as a terminal shows them. */
  all: string[];
  progress: number;
}

/**
 * The context an operator command gets, writing into arrays the test reads. `database` may be missing for a
 * command that must find none open (restore into an empty directory).
 */
export function adminContext(
  database: DatabaseHandle | undefined,
  env: Env,
): { context: AdminCommandContext } & AdminOutput {
  const lines: AdminOutput = { out: [], err: [], all: [], progress: 0 };
  const context: AdminCommandContext = {
    database: database as DatabaseHandle,
    env,
    out: (line) => {
      lines.out.push(line);
      lines.all.push(line);
    },
    err: (line) => {
      lines.err.push(line);
      lines.all.push(line);
    },
    progress: () => {
      lines.progress++;
    },
  };
  return Object.assign(lines, { context });
}

/**
 * Runs `npm run admin -- <args>` inside the test's process against the test app's database, as the CLI's
 * dispatch does (the registered command the words name; an unforeseen error is exit code 1 and one line).
 */
export async function runAdminCommand(
  app: { database: DatabaseHandle; env: Env },
  args: readonly string[],
): Promise<{ code: number } & AdminOutput> {
  const run = adminContext(app.database, app.env);
  const code = await runCommand(run.context, args);
  return { code, out: run.out, err: run.err, all: run.all, progress: run.progress };
}
