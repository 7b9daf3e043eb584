import { describe, expect, it } from 'vitest';
import { changesQuantity } from './held-quantity';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('after a refused scan the quantity belongs to the article before', () => {
  it('digits, separators and deleting would change it', () => {
    for (const k of ['4', '0', ',', '.', 'Backspace', 'Delete']) expect(changesQuantity(key(k))).toBe(true);
  });

  it('Enter (store it), moving the caret, Tab and shortcuts do not', () => {
    for (const k of ['Enter', 'ArrowLeft', 'End', 'Tab', 'Shift', 'Escape'])
      expect(changesQuantity(key(k))).toBe(false);
    expect(changesQuantity(key('c', { ctrlKey: true }))).toBe(false);
    expect(changesQuantity(key('v', { metaKey: true }))).toBe(false);
  });
});
