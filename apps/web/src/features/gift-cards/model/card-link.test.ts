import { describe, expect, it } from 'vitest';
import { readCard, withCard } from './card-link';

describe('card in the URL', () => {
  it('round-trips type and code, normalised like the server', () => {
    const url = withCard('/gutscheinkarten/existing', { type: 'GUTSCHEIN', code: 'GC-1000-0001' });
    expect(url).toBe('/gutscheinkarten/existing?type=GUTSCHEIN&code=GC-1000-0001');
    expect(readCard(new URLSearchParams('type=gutschein&code=%20gc-1%20'))).toEqual({
      type: 'GUTSCHEIN',
      code: 'GC-1',
    });
  });
  it('gives null for a missing or malformed card', () => {
    expect(readCard(new URLSearchParams('type=GUTSCHEIN'))).toBeNull();
    expect(readCard(new URLSearchParams('type=GUTSCHEIN&code=a;b'))).toBeNull();
  });
});
