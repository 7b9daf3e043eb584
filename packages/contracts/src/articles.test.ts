import { describe, expect, it } from 'vitest';
import { articleCacheQuerySchema } from './articles';
import { SAFE_INPUT_MSG } from './safe-input';

describe('article cache query', () => {
  const changedSince = (value: string) => articleCacheQuerySchema.safeParse({ changedSince: value });

  it('takes a date-time with offset as changedSince', () => {
    expect(changedSince('2026-11-26T07:00:00.000Z').success).toBe(true);
    expect(changedSince('0001-01-01T00:00:00+00:00').success).toBe(true);
  });

  it('refuses changedSince outside the years 0001-9999, also when the offset moves it out', () => {
    for (const value of ['0000-12-31T23:59:59Z', '0001-01-01T00:30:00+01:00', '9999-12-31T23:30:00-01:00']) {
      const result = changedSince(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message, value).toBe(SAFE_INPUT_MSG.yearOutOfRange);
    }
  });
});
