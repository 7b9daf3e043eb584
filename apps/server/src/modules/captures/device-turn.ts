import { type Db, runsInProcess } from '../../db/database';
import { type DeviceKey, lockDeviceTurn, unlockDeviceTurn } from './capture-sync.repository';

// The class of the advisory locks that give one device's syncs their turns (beside the start-up lock 727001).
const DEVICE_LOCK_CLASS = 727002;

const waiting = new WeakMap<Db, Map<string, Promise<void>>>();

/**
 * Runs one sync of a device after every earlier sync of the same device has ended, so two syncs of one
 * device never interleave: a large sync applies its changes in several transactions, and the device row
 * lock of each of them alone would let a second request of the device slip in between two of them.
 * In this process a queue per device keeps the order; on PostgreSQL a session advisory lock on the
 * connection the sync runs on keeps it across instances (and is released with the connection if the
 * process dies). PGlite is one process (data-dir lock), so the queue is all it needs, and the sync's
 * transactions go through its one shared connection, leaving turns to other requests between them.
 */
export async function inDeviceTurn<T>(db: Db, key: DeviceKey, fn: (db: Db) => Promise<T>): Promise<T> {
  const name = `${key.userId}:${key.deviceId}`;
  let queues = waiting.get(db);
  if (!queues) {
    queues = new Map();
    waiting.set(db, queues);
  }
  const before = queues.get(name) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  const last = before.then(() => mine);
  queues.set(name, last);
  try {
    await before;
    if (runsInProcess(db)) return await fn(db);
    return await db.connection().execute(async (conn) => {
      await lockDeviceTurn(conn, DEVICE_LOCK_CLASS, name);
      try {
        return await fn(conn);
      } finally {
        await unlockDeviceTurn(conn, DEVICE_LOCK_CLASS, name);
      }
    });
  } finally {
    done();
    if (queues.get(name) === last) queues.delete(name);
  }
}
