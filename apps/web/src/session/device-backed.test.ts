import 'fake-indexeddb/auto';
import type { UserContext } from '@mde/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { backgroundJobsDone } from '../lib/idle';
import { queryClient } from '../lib/query-client';
import { db } from '../offline/db';
import { deviceBacked } from './device-backed';
import { sessionKeys } from './user-context';

const context = (userId: number, vkforgid = 11) => ({ userId, vkforgid, firmaid: 1, accountid: 1 }) as UserContext;
const online = (on: boolean) => vi.stubGlobal('navigator', { onLine: on });
const source = (fetch: () => Promise<string[]>) => ({ key: (c: UserContext) => `warehouses:${c.vkforgid}`, fetch });
/** deviceBacked, then the background job that keeps its copy. */
async function answered<T>(...args: Parameters<typeof deviceBacked<T>>): Promise<T> {
  const answer = await deviceBacked(...args);
  await backgroundJobsDone();
  return answer;
}
const unreachable = () => Promise.reject(new ApiError('Keine Verbindung', 0, 'NETWORK'));

beforeEach(async () => {
  await backgroundJobsDone();
  await db.deviceCopies.clear();
  queryClient.setQueryData(sessionKeys.context(), context(7));
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('deviceBacked', () => {
  it("keeps the server's answer for the user and answers with it offline without asking the network", async () => {
    online(true);
    expect(await answered(source(async () => ['Kühlhaus']))).toEqual(['Kühlhaus']);
    online(false);
    const fetch = vi.fn(async () => ['never']);
    expect(await answered(source(fetch))).toEqual(['Kühlhaus']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers with the copy when the server cannot be reached although the browser says online', async () => {
    online(true);
    await answered(source(async () => ['Lager 1']));
    expect(await answered(source(unreachable))).toEqual(['Lager 1']);
  });

  it('offline without a copy gives the German connection error at once', async () => {
    online(false);
    await expect(deviceBacked(source(async () => ['x']))).rejects.toMatchObject({
      status: 0,
      message: expect.stringContaining('Verbindung'),
    });
  });

  it("never answers with another user's or another vkforg's copy", async () => {
    online(true);
    await answered(source(async () => ['von 7']));
    online(false);
    queryClient.setQueryData(sessionKeys.context(), context(8));
    await expect(deviceBacked(source(async () => ['x']))).rejects.toBeInstanceOf(ApiError);
    queryClient.setQueryData(sessionKeys.context(), context(7, 12));
    await expect(deviceBacked(source(async () => ['x']))).rejects.toBeInstanceOf(ApiError);
  });

  it("a server's refusal is not hidden behind the copy", async () => {
    online(true);
    await answered(source(async () => ['alt']));
    const refused = () => Promise.reject(new ApiError('Keine Berechtigung', 403, 'FORBIDDEN'));
    await expect(deviceBacked(source(refused))).rejects.toMatchObject({ status: 403 });
  });

  it('without a context in memory (a reload offline) finds the user in the stored context', async () => {
    online(true);
    await answered(source(async () => ['gespeichert']));
    queryClient.clear();
    await db.userContext.clear();
    await db.userContext.put({ ...context(7), username: 'demo' });
    online(false);
    expect(await answered(source(async () => ['x']))).toEqual(['gespeichert']);
  });

  it('keep and read: a copy merged from every answer, read through the search', async () => {
    online(true);
    const merged = (fresh: string[]) => ({
      key: () => 'names',
      fetch: async () => fresh,
      keep: (f: string[], kept: unknown) => [...new Set([...((kept as string[]) ?? []), ...f])],
      read: (kept: unknown) => (kept as string[]).filter((n) => n.startsWith('A')),
    });
    await answered(merged(['Anna', 'Bert']));
    await answered(merged(['Anton']));
    online(false);
    expect(await answered(merged([]))).toEqual(['Anna', 'Anton']);
  });
});
