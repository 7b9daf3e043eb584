import { describe, expect, it } from 'vitest';
import { tooNewForNode } from './engines.mjs';
import { missingDependencies } from './rules.mjs';

const root = { '': { engines: { node: '>=20.19' }, dependencies: { a: '1' } } };

describe('tooNewForNode', () => {
  it('names a locked package whose engines exclude the oldest Node the root allows', () => {
    const packages = {
      ...root,
      'node_modules/a': { version: '2.0.2', engines: { node: '>=22' } },
      'node_modules/b': { version: '1.0.0', engines: { node: '>=18' } },
    };
    expect(tooNewForNode(packages)).toEqual({ oldest: '20.19.0', found: ['node_modules/a@2.0.2 needs Node >=22'] });
  });

  it('lets an optional platform build pass, since npm skips it where it does not fit', () => {
    const packages = {
      ...root,
      'node_modules/a-linux': { version: '1.5.1', optional: true, engines: { node: '^22.20' } },
    };
    expect(tooNewForNode(packages).found).toEqual([]);
  });
});

describe('missingDependencies', () => {
  it('finds a dependency recorded nowhere up the tree, and accepts one hoisted to the root', () => {
    const packages = {
      ...root,
      'node_modules/a': { version: '1.0.0', dependencies: { b: '^1', c: '^1' } },
      'node_modules/b': { version: '1.0.0' },
      'apps/server/node_modules/c': { version: '1.0.0' },
    };
    expect(missingDependencies(packages)).toEqual(['node_modules/a → c']);
  });
});
