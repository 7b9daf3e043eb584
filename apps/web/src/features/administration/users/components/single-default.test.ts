import { describe, expect, it } from 'vitest';
import { withSingleDefault } from './single-default';

describe('withSingleDefault', () => {
  it('makes a single store and a single account the defaults', () => {
    expect(withSingleDefault({ vkforgIds: [11], vkforgId: null, accountIds: [3], accountId: null })).toEqual({
      vkforgIds: [11],
      vkforgId: 11,
      accountIds: [3],
      accountId: 3,
    });
  });

  it('keeps a chosen default among several and clears one no longer given', () => {
    expect(withSingleDefault({ vkforgIds: [11, 12], vkforgId: 12, accountIds: [3, 4], accountId: 5 })).toMatchObject({
      vkforgId: 12,
      accountId: null,
    });
    expect(withSingleDefault({ vkforgIds: [], vkforgId: 12, accountIds: [], accountId: null })).toMatchObject({
      vkforgId: null,
    });
  });
});
