import { describe, expect, it } from 'vitest';
import { raceDeadline } from './deadline';

const after = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(value) : resolve(value)), ms));

describe('raceDeadline', () => {
  it('gives the value or the error of a promise that settles in time', async () => {
    expect(await raceDeadline(after(5, 'ok'), 200)).toEqual({ kind: 'value', value: 'ok' });
    expect(await raceDeadline(after(5, 'weg', true), 200)).toEqual({ kind: 'error', error: 'weg' });
  });

  it('says late for a slow promise, whose later failure stays handled', async () => {
    expect(await raceDeadline(after(200, 'spät', true), 10)).toEqual({ kind: 'late' });
    await new Promise((r) => setTimeout(r, 250));
  });
});
