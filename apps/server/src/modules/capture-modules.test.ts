import { CAPTURE_MODULES } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { ARTICLE_LOOKUP_ACCESS } from './articles/article-access';
import { CAPTURE_POLICIES } from './capture-modules';

describe('the server registration of the capture modules (docs/conventions.md#capture-modules)', () => {
  it('holds each of contracts’ capture modules once, and no other', () => {
    const registered = CAPTURE_POLICIES.map((p) => p.info.key);
    expect([...registered].sort()).toEqual([...CAPTURE_MODULES].sort());
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('opens the article lookup to every capture module’s permission', () => {
    for (const policy of CAPTURE_POLICIES)
      expect(ARTICLE_LOOKUP_ACCESS.anyPermission).toContain(policy.info.permission);
  });
});
