import type { Env } from '../config/env';
import type { DatabaseHandle } from '../db/database';

/**
 * What an operator command of `npm run admin` gets: the database it acts on and a way to talk back.
 * The same command runs in the CLI's own process (PostgreSQL, or PGlite while no server holds the
 * directory) or inside the running server (PGlite, whose directory only one process may open).
 */
export interface AdminCommandContext {
  database: DatabaseHandle;
  env: Env;
  /** One line for the operator (standard output). */
  out(line: string): void;
  /** One line about a problem (standard error). */
  err(line: string): void;
  /** How far a long command is; the CLI draws a bar on a terminal. */
  progress(done: number, total?: number): void;
}

export interface AdminCommand {
  /** The words that select it, e.g. `api-key create` or `backup`. */
  name: string;
  /** One German or English line for `--help`. */
  summary: string;
  /** Arguments and flags, e.g. `--name <name> --scopes <list>`. */
  usage: string;
  /**
   * The arguments with every file path made absolute against the operator's directory: inside the server
   * the command runs in another process with another working directory. Commands without paths leave it out.
   */
  resolvePaths?(args: string[], cwd: string): string[];
  /** Runs with the arguments after the name; resolves to the process exit code. */
  run(context: AdminCommandContext, args: string[]): Promise<number>;
  /**
   * False for a command that must find no database open and no server running (restore into an empty
   * DATA_DIR or database): the CLI runs it in its own process and gives it no database handle.
   */
  opensDatabase?: false;
}
