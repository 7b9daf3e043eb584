import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitFlash, FLASH_MS, subscribeFlash, UNSEEN_FLASH_MS } from './flash-store';

afterEach(() => vi.useRealTimers());

const collect = () => {
  const seen: string[] = [];
  return { seen, listener: (k: string) => seen.push(k) };
};

describe('flash store', () => {
  it('gives a subscriber that mounts just after a flash that flash, and not an older one', () => {
    vi.useFakeTimers();
    const first = collect();
    const offFirst = subscribeFlash(first.listener);
    emitFlash('error');
    offFirst();
    const again = collect();
    const off = subscribeFlash(again.listener);
    expect(again.seen).toEqual(['error']);
    off();
    vi.advanceTimersByTime(FLASH_MS + 1);
    const later = collect();
    subscribeFlash(later.listener)();
    expect(later.seen).toEqual([]);
  });

  it('keeps a flash emitted before any overlay was there for the first one that mounts, even after FLASH_MS', () => {
    vi.useFakeTimers();
    emitFlash('error');
    vi.advanceTimersByTime(FLASH_MS + 50);
    const first = collect();
    const off = subscribeFlash(first.listener);
    expect(first.seen).toEqual(['error']);
    off();
    // shown once: the next overlay does not replay it
    const second = collect();
    subscribeFlash(second.listener)();
    expect(second.seen).toEqual([]);
  });

  it('drops an unseen flash once it is older than UNSEEN_FLASH_MS', () => {
    vi.useFakeTimers();
    emitFlash('warning');
    vi.advanceTimersByTime(UNSEEN_FLASH_MS + 1);
    const late = collect();
    subscribeFlash(late.listener)();
    expect(late.seen).toEqual([]);
  });
});
