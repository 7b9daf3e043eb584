import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { Notifications } from '../../db/notifications';
import type { SessionRow } from './auth.repository';
import { SessionCache } from './session-cache';

const row = (userId: number): SessionRow => ({
  session_id: 1,
  remember: false,
  created_at: new Date(),
  last_seen_at: new Date(),
  expires_at: new Date(Date.now() + 60_000),
  revoked_at: null,
  user_id: userId,
  username: 'demo',
  full_name: 'Demo',
  kind: 'internal',
  account_id: 101,
  vkforg_id: 11,
  firma_id: 1,
  permissions: [],
  roles: [],
  must_change_password: false,
});

function cacheWithNotifications() {
  const notifications = new Notifications();
  const connection = {};
  notifications.connectionUp(connection);
  return {
    cache: new SessionCache({ notifications } as unknown as DatabaseHandle),
    connectionLost: () => notifications.connectionDown(connection),
  };
}

/** A query that answers when told to, counting its calls. */
function heldQuery() {
  const releases: ((value: SessionRow | undefined) => void)[] = [];
  const query = () => new Promise<SessionRow | undefined>((resolve) => releases.push(resolve));
  return { query, releases };
}

describe('SessionCache.read', () => {
  it('sends one query for all requests that miss at the same time', async () => {
    const { cache } = cacheWithNotifications();
    const { query, releases } = heldQuery();
    const reads = Array.from({ length: 50 }, () => cache.read('hash', query));
    expect(releases).toHaveLength(1);
    releases[0]?.(row(7));
    const results = await Promise.all(reads);
    expect(new Set(results.map((r) => r.row)).size).toBe(1);
    expect(results[0]?.row?.user_id).toBe(7);
    // Once answered, the next miss reads again.
    void cache.read('hash', query);
    expect(releases).toHaveLength(2);
  });

  it('does not let a request join a read that began before a drop', async () => {
    const { cache } = cacheWithNotifications();
    const { query, releases } = heldQuery();
    const before = cache.read('hash', query);
    cache.dropUser(7); // e.g. the session was revoked while the first read ran
    const after = cache.read('hash', query);
    expect(releases).toHaveLength(2);
    releases[0]?.(row(7));
    releases[1]?.(undefined);
    const [old, fresh] = await Promise.all([before, after]);
    expect(fresh.row).toBeUndefined();
    // The old read's row is not stored: its mark is from before the drop.
    cache.set('hash', old.row as SessionRow, old.mark, Date.now());
    expect(cache.get('hash', Date.now())).toBeUndefined();
  });

  it('does not join reads while no connection listens for drops', async () => {
    const { cache, connectionLost } = cacheWithNotifications();
    connectionLost();
    const { query, releases } = heldQuery();
    void cache.read('hash', query);
    void cache.read('hash', query);
    expect(releases).toHaveLength(2);
  });

  it('hands a failed query to every waiting request and reads again afterwards', async () => {
    const { cache } = cacheWithNotifications();
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('connection lost'));
    };
    const reads = [cache.read('hash', failing), cache.read('hash', failing)];
    for (const r of reads) await expect(r).rejects.toThrow('connection lost');
    await expect(cache.read('hash', failing)).rejects.toThrow('connection lost');
    expect(calls).toBe(2);
  });
});
