import type { CaptureDatabase } from './capture-db';

const DEVICE_KEY = 'device-id';
const seqKey = (owner: number) => `next-seq:${owner}`;

/** This browser's device id for the sync endpoint; made once and kept with the captured data. */
export async function deviceId(db: CaptureDatabase): Promise<string> {
  return db.transaction('rw', db.device, async () => {
    const row = await db.device.get(DEVICE_KEY);
    if (typeof row?.value === 'string') return row.value;
    const id = `web-${crypto.randomUUID()}`;
    await db.device.put({ key: DEVICE_KEY, value: id });
    return id;
  });
}

/** The next number handed out is `next` again (numbers from it on were never taken by the server). */
export async function rewindSeqs(db: CaptureDatabase, owner: number, next: number): Promise<void> {
  await db.device.put({ key: seqKey(owner), value: next });
}

/**
 * Takes `count` consecutive sequence numbers of one user on this device. The server keeps the last applied
 * number per user and device, so each user counts from 1 on their own. Call inside a 'rw' transaction
 * that includes db.device, together with the write that uses the numbers.
 */
export async function takeSeqs(db: CaptureDatabase, owner: number, count: number): Promise<number> {
  const row = await db.device.get(seqKey(owner));
  const first = typeof row?.value === 'number' ? row.value : 1;
  await db.device.put({ key: seqKey(owner), value: first + count });
  return first;
}
