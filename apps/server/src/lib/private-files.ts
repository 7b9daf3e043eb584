import fs from 'node:fs';
import path from 'node:path';

// What the server and the operator CLI write holds every password hash, session hash and webhook secret (the
// database's files, backups) or who did what from where (the audit export): no other local user may read it.
// PostgreSQL itself refuses a data directory others can enter (0700, files 0600); the same holds here.

/** A file only its owner reads and writes. */
export const PRIVATE_FILE_MODE = 0o600;
/** A directory only its owner enters. */
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Files and directories this process creates without naming a mode are its owner's alone (umask 077). Called
 * first by the server and the CLI. PGlite's files still need privateTree: its file system sets each file's mode
 * explicitly (chmod 0644 or 0666), which no umask narrows.
 */
export function createPrivateFiles() {
  process.umask(0o077);
}

/**
 * Makes `dir` and everything below it its owner's alone: directories 0700, files 0600 (links are left as they
 * are, and what they point to is not followed). For a data directory made or copied with wider modes.
 */
export function privateTree(dir: string) {
  const visit = (entry: string) => {
    const stat = lstatIfThere(entry);
    if (!stat) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE) fs.chmodSync(entry, PRIVATE_DIR_MODE);
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    } else if (stat.isFile() && (stat.mode & 0o777) !== PRIVATE_FILE_MODE) {
      fs.chmodSync(entry, PRIVATE_FILE_MODE);
    }
  };
  visit(dir);
}

/** The entry's own status, or undefined when it went away meanwhile (a temporary file renamed into place). */
function lstatIfThere(entry: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(entry);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
