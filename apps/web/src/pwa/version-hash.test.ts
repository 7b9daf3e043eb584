import { describe, expect, it } from 'vitest';
import { versionHash } from './version-hash';

describe('versionHash', () => {
  it('does not depend on the order of the entries', () => {
    expect(versionHash(['a.js@1', 'b.css@2'])).toBe(versionHash(['b.css@2', 'a.js@1']));
  });

  it('changes when one file changes', () => {
    expect(versionHash(['a.js@1', 'b.css@2'])).not.toBe(versionHash(['a.js@1', 'b.css@3']));
  });

  it('is eight hex digits', () => {
    expect(versionHash([])).toMatch(/^[0-9a-f]{8}$/);
  });
});
