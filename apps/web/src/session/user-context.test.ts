import type { UserContext } from '@mde/contracts';
import { describe, expect, it, vi } from 'vitest';
import { atNextIdle } from '../lib/idle';
import { db } from '../offline/db';
import { loadClaims } from './claims';
import { forgetSession } from './session-actions';
import { dropPendingOfflineCopies, onContextKept, rememberContext } from './user-context';

const cache = vi.hoisted(() => ({ syncArticleCache: vi.fn(async () => undefined) }));
vi.mock('../offline/article-cache/start', () => cache);

const context = {
  username: 'demo',
  userId: 1,
  userFullName: 'Demo',
  accountid: 101,
  accountids: [101],
  vkforgid: 11,
  firmaid: 1,
  idfirma: 1,
  permissions: [],
  roles: [],
  userKind: 'internal',
  contextEditors: 1,
} as unknown as UserContext;

describe('remembering the context (spec §7 claims, offline start)', () => {
  it('holds the claims at once and writes the database copy in the background', async () => {
    await rememberContext(context);
    expect(await loadClaims()).toMatchObject({ username: 'demo', accountid: 101, vkforgid: 11 });
    await vi.waitFor(async () => expect(await db.userContext.count()).toBe(1));
    expect(await db.claims.get('demo')).toMatchObject({ firmaid: 1 });
  });

  it('drops a pending copy when the session ends before the browser is idle', async () => {
    await rememberContext({ ...context, username: 'other' });
    dropPendingOfflineCopies();
    await new Promise((r) => setTimeout(r, 50));
    expect(await db.claims.get('other')).toBeUndefined();
    await forgetSession();
    expect(await loadClaims()).toBeUndefined();
    expect(await db.userContext.count()).toBe(0);
  });

  it('starts no device copies and no article sync while a one-time password waits to be replaced', async () => {
    const kept = vi.fn(async () => undefined);
    const off = onContextKept(kept);
    try {
      cache.syncArticleCache.mockClear();
      await rememberContext({ ...context, username: 'einmal', mustChangePassword: true });
      await vi.waitFor(async () => expect(await db.claims.get('einmal')).toBeDefined());
      await new Promise((r) => setTimeout(r, 50));
      expect(kept).not.toHaveBeenCalled();
      expect(cache.syncArticleCache).not.toHaveBeenCalled();
      // The context the change brings starts them.
      await rememberContext({ ...context, username: 'einmal' });
      await vi.waitFor(() => expect(kept).toHaveBeenCalledTimes(1));
      await vi.waitFor(() => expect(cache.syncArticleCache).toHaveBeenCalledTimes(1));
    } finally {
      off();
    }
  });

  it('starts the article cache download once the start-up jobs begun with the context have run', async () => {
    // As the app's start-up wiring does: the device copies follow the context at an idle moment of their own.
    let copiesDone: (() => void) | undefined;
    const off = onContextKept(
      () =>
        new Promise<void>((resolve) =>
          atNextIdle(
            () =>
              new Promise<void>((done) => {
                copiesDone = () => {
                  done();
                  resolve();
                };
              }),
          ),
        ),
    );
    try {
      cache.syncArticleCache.mockClear();
      await rememberContext({ ...context, username: 'neu' });
      await vi.waitFor(() => expect(copiesDone).toBeDefined());
      await new Promise((r) => setTimeout(r, 50));
      expect(cache.syncArticleCache).not.toHaveBeenCalled();
      copiesDone?.();
      await vi.waitFor(() => expect(cache.syncArticleCache).toHaveBeenCalledTimes(1));
    } finally {
      off();
    }
  });
});
