import type { Permission, UserContext } from '@mde/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { primeDeviceCopies } from './device-copies';

const userWith = (permissions: Permission[]): UserContext => ({
  username: 'demo',
  userId: 1,
  userFullName: 'Demo',
  accountid: 1,
  accountids: [1],
  vkforgid: 100,
  firmaid: 1,
  idfirma: 1,
  permissions,
  roles: [],
  userKind: 'internal',
  contextEditors: 0,
});

/** The query keys fetched, one string (e.g. 'capture/warehouses module-config'). */
async function primedKeys(permissions: Permission[]): Promise<string> {
  const fetchQuery = vi.spyOn(queryClient, 'fetchQuery').mockResolvedValue(undefined);
  fetchQuery.mockClear();
  await primeDeviceCopies(userWith(permissions));
  return fetchQuery.mock.calls.map(([options]) => options.queryKey.join('/')).join(' ');
}

describe('primeDeviceCopies', () => {
  afterEach(() => vi.restoreAllMocks());

  // Every capture module's screens read the module config and the warehouses: after one online login a
  // shift of any of them is counted without network.
  it.each([
    ['BESTELLVORSCHLAG'],
    ['BESTELLUNG'],
    ['INVENTUR'],
    ['RETOUREN'],
    ['ARTIKELVORRAT'],
    ['WARENVERPROBUNG'],
  ] as const)('keeps the capture copies for a user with only %s', async (permission) => {
    const keys = await primedKeys([permission]);
    expect(keys).toContain('module-config');
    expect(keys).toContain('warehouses');
  });

  it('keeps the suppliers only for a module whose header asks for one (Retouren)', async () => {
    expect(await primedKeys(['RETOUREN'])).toContain('suppliers');
    expect(await primedKeys(['INVENTUR'])).not.toContain('suppliers');
  });

  it('keeps no capture copy for a user of no capture module', async () => {
    const keys = await primedKeys(['ARTIKELINFO']);
    expect(keys).not.toContain('module-config');
    expect(keys).not.toContain('suppliers');
  });
});
