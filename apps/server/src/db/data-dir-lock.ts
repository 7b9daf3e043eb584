import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'mde-server.lock';

/** A second server on the same PGlite directory: the message names the directory and the owner's pid. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `Das Datenverzeichnis ${dataDir} wird bereits von einem anderen MDE-Server verwendet (pid ${ownerPid}); ` +
        `dieser Server startet nicht. / The data directory ${dataDir} is already in use by another MDE server ` +
        `(pid ${ownerPid}); this server does not start.`,
    );
    this.name = 'DataDirInUseError';
  }
}

// Directories this process holds: its own pid in a lock file means "held here" only when listed.
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite is one embedded database in one process: two servers on one directory both start, both write and
 * hand out the same ids, and the files end up corrupt. The first server writes its pid into a lock file
 * created exclusively; a later one refuses to start while that process lives. A lock whose process has
 * ended (a crash, a kill -9) is taken over; so is one with this process's own pid that this process does
 * not hold (a container restarted with the same pid).
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  if (heldHere.has(dir)) throw new DataDirInUseError(dir, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      heldHere.add(dir);
      return () => {
        heldHere.delete(dir);
        if (readOwner(file) === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) throw new DataDirInUseError(dir, owner);
    // Stale (or half written by a server that died while writing it): remove and try again.
    fs.rmSync(file, { force: true });
  }
  throw new DataDirInUseError(dir, readOwner(file) ?? 0);
}
