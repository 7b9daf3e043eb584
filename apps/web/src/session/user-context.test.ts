import type { UserContext } from '@mde/contracts';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../offline/db';
import { loadClaims } from './claims';
import { forgetSession } from './session-actions';
import { dropPendingOfflineCopies, rememberContext } from './user-context';

vi.mock('../offline/article-cache/start', () => ({ syncArticleCache: vi.fn(async () => undefined) }));

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
});
