import type { UserContext } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { contextPatch, isPickable } from './context-change';

const ctx = { accountid: 101, vkforgid: 11, firmaid: 1 } as UserContext;

describe('context change (spec §4)', () => {
  it('does nothing for an unchanged choice', () => {
    expect(contextPatch(ctx, { accountid: 101 })).toBeNull();
    expect(contextPatch(ctx, { vkforgid: 11, firmaid: 1 })).toBeNull();
  });

  it('sends only what changed', () => {
    expect(contextPatch(ctx, { vkforgid: 21 })).toEqual({ vkforgid: 21 });
    expect(contextPatch(ctx, { accountid: 101, vkforgid: 12, firmaid: 1 })).toEqual({ vkforgid: 12 });
  });

  it('makes a picker clickable only with more than one choice', () => {
    expect(isPickable(undefined)).toBe(false);
    expect(isPickable([1])).toBe(false);
    expect(isPickable([1, 2])).toBe(true);
  });
});
