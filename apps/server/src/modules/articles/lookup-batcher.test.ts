import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import type { findCodesBatch, LookupRequest } from './article-lookup.repository';
import { LookupBatcher } from './lookup-batcher';

// The statement itself is tested against a real database in article-lookup.routes.test.ts; here only the order
// in which the batcher sends statements and hands out answers, which a database cannot make visible.
const log: string[] = [];
const statements: { size: number; answer: () => void }[] = [];

type Rows = Awaited<ReturnType<typeof findCodesBatch>>;
const findBatch: typeof findCodesBatch = (_db: Db, requests: readonly LookupRequest[]) =>
  new Promise((resolve, reject) => {
    log.push(`statement of ${requests.length}`);
    // A request the database refuses fails the whole statement it is in.
    if (requests.some((r) => r.number === 'refused')) return reject(new Error('statement failed'));
    statements.push({
      size: requests.length,
      // Only the answer's order matters here, not the article's fields.
      answer: () => resolve(requests.map((_, req) => ({ req, gtin14: null })) as Rows),
    });
  });

const request = (number: string): LookupRequest => ({ scope: { firmaId: 1, vkforgId: 11 }, gtins: [], number });
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('LookupBatcher', () => {
  beforeEach(() => {
    log.length = 0;
    statements.length = 0;
  });

  it('keeps two statements on their way to a database server, and sends the scans that gathered meanwhile before it hands out answers', async () => {
    const batcher = new LookupBatcher({} as Db, true, findBatch);
    const first = batcher.find(request('1')).then(() => log.push('answer 1'));
    await turn();
    expect(statements).toHaveLength(1);

    // Two scans arrive while the database works on the first: they go out at once, in one statement.
    const second = [batcher.find(request('2')), batcher.find(request('3'))].map((p, i) =>
      p.then((rows) => log.push(`answer ${i + 2}: ${rows.length} row`)),
    );
    await turn();
    expect(statements.map((s) => s.size)).toEqual([1, 2]);

    // A fourth waits: two are on their way.
    const fourth = batcher.find(request('4')).then(() => log.push('answer 4'));
    await turn();
    expect(statements).toHaveLength(2);

    statements[0]?.answer();
    await first;
    expect(log).toEqual(['statement of 1', 'statement of 2', 'statement of 1', 'answer 1']);

    statements[1]?.answer();
    statements[2]?.answer();
    await Promise.all([...second, fourth]);
    expect(log.slice(4).sort()).toEqual(['answer 2: 1 row', 'answer 3: 1 row', 'answer 4']);
    expect(statements.map((s) => s.size)).toEqual([1, 2, 1]);
  });

  it('with PGlite (same thread) hands out the answers first and sends the next statement in a later turn', async () => {
    const batcher = new LookupBatcher({} as Db, false, findBatch);
    const first = batcher.find(request('1')).then(() => log.push('answer 1'));
    await turn();
    const second = batcher.find(request('2')).then(() => log.push('answer 2'));
    statements[0]?.answer();
    await first;
    expect(log).toEqual(['statement of 1', 'answer 1']);
    await turn();
    expect(log).toEqual(['statement of 1', 'answer 1', 'statement of 1']);
    statements[1]?.answer();
    await second;
  });

  it('asks each scan of a failed statement again on its own, so only the one the database refuses fails', async () => {
    const batcher = new LookupBatcher({} as Db, true, findBatch);
    const settled = Promise.allSettled(['1', 'refused', '3'].map((n) => batcher.find(request(n))));
    await turn();
    for (const s of statements) s.answer();
    await turn();
    for (const s of statements) s.answer();
    const results = await settled;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log.filter((l) => l.startsWith('statement'))).toEqual([
      'statement of 3',
      'statement of 1',
      'statement of 1',
      'statement of 1',
    ]);
  });
});
