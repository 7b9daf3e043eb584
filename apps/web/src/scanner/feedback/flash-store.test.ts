import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitFlash, FLASH_MS, subscribeFlash } from './flash-store';

afterEach(() => vi.useRealTimers());

describe('flash store', () => {
  it('gives a subscriber that mounts just after a flash that flash, and not an older one', () => {
    vi.useFakeTimers();
    emitFlash('error');
    const seen: string[] = [];
    const off = subscribeFlash((k) => seen.push(k));
    expect(seen).toEqual(['error']);
    off();
    vi.advanceTimersByTime(FLASH_MS + 1);
    const later: string[] = [];
    subscribeFlash((k) => later.push(k))();
    expect(later).toEqual([]);
  });
});
