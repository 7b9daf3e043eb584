import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '../../seed/article-generator';
import { as, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';
import type { LookupRequest } from './article-lookup.repository';
import { lookupBatcher } from './lookup-batcher';

// One malformed scan must fail alone: scans of all users share a statement, on a real database.
const t = useTestApp();

const scope = { firmaId: 1, vkforgId: 11 };
const byNumber = (number: string): LookupRequest => ({ scope, gtins: [], number });
const byGtin = (gtin: string): LookupRequest => ({ scope, gtins: [gtin], number: null });

describe('lookups sharing a statement', () => {
  it('answers every valid lookup when one in the same batch cannot be read by the database', async () => {
    const { milk, appleJuice } = DEMO_ARTICLES;
    const batcher = lookupBatcher(t.db);
    const requests = [byNumber(appleJuice.number), byNumber('a\u0000b'), byGtin(`0${milk.ean13}`), byGtin('\ud800')];
    const results = await Promise.allSettled(requests.map((r) => batcher.find(r)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    const [apple, , milkRows] = results as PromiseFulfilledResult<{ number: string }[]>[];
    expect(apple?.value[0]?.number).toBe(appleJuice.number);
    expect(milkRows?.value[0]?.number).toBe(milk.number);
    const refused = results[1] as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 400 });
  });

  it('keeps another user’s scans whole while one user sends malformed codes among them', async () => {
    const demo = as(t.app, await loginAs(t.app, DEMO));
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    const valid = Array.from({ length: 100 }, () =>
      filiale({ method: 'GET', url: `/api/v1/articles/lookup/${DEMO_ARTICLES.milk.ean13}` }),
    );
    const bad = Array.from({ length: 4 }, () => demo({ method: 'GET', url: '/api/v1/articles/lookup/a%00b' }));
    const answers = await Promise.all([...valid, ...bad]);
    expect(answers.slice(0, 100).filter((r) => r.statusCode !== 200)).toHaveLength(0);
    for (const r of answers.slice(100)) expect(r.statusCode).toBe(400);
  });
});
