import { describe, expect, it } from 'vitest';
import { countCoverage } from './count-coverage';

describe('countCoverage', () => {
  it('counts the document articles with a counted line, not the surplus and not a second line', () => {
    const document = [{ articleId: 1 }, { articleId: 2 }, { articleId: 3 }];
    const lines = [{ articleId: 1 }, { articleId: 1 }, { articleId: 9 }];
    expect(countCoverage(document, lines)).toEqual({ counted: 1, total: 3 });
  });
  it('an article listed twice on the document is one position', () => {
    expect(countCoverage([{ articleId: 4 }, { articleId: 4 }], [{ articleId: 4 }])).toEqual({ counted: 1, total: 1 });
  });
});
