import { describe, expect, it } from 'vitest';
import { returnWarnings } from './returns.policy';

describe('returnWarnings', () => {
  it('is silent for a supplier of the article and warns otherwise', () => {
    const article = { supplierIds: new Set([3, 4]) };
    expect(returnWarnings(article, 4)).toEqual([]);
    expect(returnWarnings(article, 9)).toEqual(['Der Lieferant liefert diesen Artikel nicht']);
  });
});
