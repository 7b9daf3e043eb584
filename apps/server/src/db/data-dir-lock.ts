import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from '../lib/private-files';

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

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function statOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

// File systems without hard links (some network and FUSE mounts) get a plain exclusive create instead.
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** Creates `file` with this process's pid, whole at once; false when it exists. */
function createWhole(file: string): boolean {
  const aside = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(aside, `${process.pid}\n`, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  try {
    fs.linkSync(aside, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (!NO_LINKS.has(code)) throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  try {
    fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

type Claim = { won: true } | { won: false; owner: number };

// A claim takeover within a claim takeover only follows a server killed in the instant it took one over.
const MAX_DEPTH = 4;
// Another server is taking a stale lock over (a matter of microseconds): wait for it this long in all.
const WAIT_MS = 2_000;
const WAIT_STEP_MS = 10;

/**
 * Creates `file` holding this process's pid, or names the live process that holds it. The file appears
 * whole at once (written aside, then hard-linked into place, which fails if it exists), so no other
 * process ever reads it empty and takes it for stale. A stale file (its process has ended) is removed
 * only by the one process that claims it, with a claim file of the same kind named after the stale file's
 * inode; two servers finding the same stale lock therefore cannot both remove it and both start.
 */
function claim(file: string, stale: (owner: number | undefined) => boolean, depth: number): Claim {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (createWhole(file)) return { won: true };
    const seen = statOrUndefined(file);
    if (!seen) continue;
    const owner = readOwner(file);
    if (!stale(owner)) return { won: false, owner: owner ?? 0 };
    if (depth >= MAX_DEPTH) return { won: false, owner: owner ?? 0 };
    const claimFile = `${file}.claim-${seen.ino}`;
    const takeover = claim(claimFile, (o) => o === undefined || !isAlive(o), depth + 1);
    if (takeover.won) {
      try {
        // Still the stale file we saw: nobody else can have removed it while we hold its claim.
        const now = statOrUndefined(file);
        if (now?.ino === seen.ino && stale(readOwner(file))) fs.rmSync(file, { force: true });
      } finally {
        fs.rmSync(claimFile, { force: true });
      }
      continue;
    }
    // Someone else is taking it over: in a moment the lock is theirs or free.
    if (Date.now() > deadline) return { won: false, owner: owner ?? takeover.owner };
    sleep(WAIT_STEP_MS);
  }
}

/**
 * PGlite is one embedded database in one process: two servers on one directory both start, both write and
 * hand out the same ids, and the files end up corrupt. The first server's pid is in a lock file that
 * appears whole and exclusively; a later one refuses to start while that process lives. A lock whose
 * process has ended (a crash, a kill -9) is taken over; so is one with this process's own pid that this
 * process does not hold (a container restarted with the same pid), and an empty one.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  if (heldHere.has(dir)) throw new DataDirInUseError(dir, process.pid);
  const stale = (owner: number | undefined) => owner === undefined || owner === process.pid || !isAlive(owner);
  const result = claim(file, stale, 0);
  if (!result.won) throw new DataDirInUseError(dir, result.owner);
  heldHere.add(dir);
  return () => {
    heldHere.delete(dir);
    if (readOwner(file) === process.pid) fs.rmSync(file, { force: true });
  };
}
