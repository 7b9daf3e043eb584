import { describe, expect, it } from 'vitest';
import { checkFile } from './check-doc-refs.mjs';
import { headingsOf } from './doc-refs/rules.mjs';

// A small repository in memory: the files that exist and the markdown pages with their headings.
const DOCS = {
  'docs/modules.md': '# Modules\n\n## Inventur\n\n## Artikel-Info\n',
  'docs/spec.md': '# Requirements\n\n## 1. Product\n\n## 4. States and transitions\n\n## 5. Validation\n',
  'docs/other.md': '# Other\n\n## Layer rules\n',
};
const FILES = new Set([
  ...Object.keys(DOCS),
  'apps/web/src/pwa/service-worker.ts',
  'apps/web/src/lib/paths.ts',
  'apps/server/src/app.ts',
  'scripts/test.mjs',
  'apps/web',
  'apps/web/src',
  'apps/web/src/pwa',
]);
const repo = {
  exists: (p) => FILES.has(p),
  headings: (doc) => (doc in DOCS ? headingsOf(DOCS[doc]) : null),
  ignored: (p) => p.startsWith('data'),
};
const check = (file, text) => checkFile(file, text, repo).map((p) => `${p.line}: ${p.message}`);

describe('check-doc-refs', () => {
  it('finds no problem in a file whose citations all exist', () => {
    const text = [
      '// Registered in src/pwa/service-worker.ts (docs/spec.md §4, §5): see docs/modules.md#inventur.',
      '/** docs/other.md#layer-rules and apps/server/src/app.ts; scripts/test.mjs runs it. */',
      "const url = 'https://example.com/apps/web/src/gone.ts'; // https://github.com/x/apps/gone.ts",
      "import x from '@fastify/static'; // @fastify/static, features/<module>/api/, modules/*/x.ts",
      "const old = 'MODULES.md spec §4 ../shared/spec apps/web/src/gone.ts'; // strings are code, not citations",
      'const re = /\\/\\/ MODULES.md/; // a regular expression is code too',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source text that holds a template.
      'const t = `// STYLE.md ${1 + 1} apps/gone.ts`; // and so is a template',
      '// The decode bench reads ../shared/data/barcodes, a data set kept outside; ./data is made at start.',
    ].join('\n');
    expect(check('apps/web/src/example.ts', text)).toEqual([]);
  });

  it('reports the old document names and paths outside the clone, with their line', () => {
    const text = ['const a = 1;', '// MODULES.md Inventur and STYLE.md', '/* see ../shared/design/ */'].join('\n');
    expect(check('apps/web/src/a.ts', text)).toEqual([
      '2: MODULES.md is not in the repository: cite docs/ instead',
      '2: STYLE.md is not in the repository: cite docs/ instead',
      '3: ../shared/ points outside the repository: cite docs/ instead',
    ]);
  });

  it('reports a repository path that does not exist, also relative to the workspace', () => {
    const text = '// Registration is ours (src/pwa/register.ts), see apps/web/src/lib/gone.ts.';
    expect(check('apps/web/vite.config.ts', text)).toEqual([
      '1: src/pwa/register.ts does not exist',
      '1: apps/web/src/lib/gone.ts does not exist',
    ]);
  });

  it('reports a docs anchor without its heading and a spec section that is not there', () => {
    const lines = [
      'docs/modules.md#inventur is fine, docs/modules.md#bestellung is not.',
      'docs/spec.md §4 and §9; docs/spec.md §12.',
      'docs/gone.md',
    ];
    const expected = [
      '1: docs/modules.md has no heading #bestellung',
      '2: docs/spec.md has no section §9',
      '2: docs/spec.md has no section §12',
      '3: docs/gone.md does not exist',
    ];
    expect(check('apps/server/src/x.ts', lines.map((l) => `// ${l}`).join('\n'))).toEqual(expected);
    expect(check('apps/server/src/db/migrations/x.sql', lines.map((l) => `-- ${l}`).join('\n'))).toEqual(expected);
    expect(check('apps/web/src/x.css', `/* ${lines.join('\n')} */`)).toEqual(expected);
    // In SQL `//` starts no comment: the same text there is no citation.
    expect(check('apps/server/src/db/migrations/y.sql', lines.map((l) => `// ${l}`).join('\n'))).toEqual([]);
  });

  it('reports a spec section cited without the file', () => {
    expect(check('apps/web/src/a.tsx', '<div>{/* Spec §4: swap by a link */}</div>')).toEqual([
      "1: 'Spec §4' cites the spec without its file: docs/spec.md §N",
    ]);
  });

  it('leaves the old-style citations of a landed migration, which may not be edited, but checks its paths', () => {
    const text = '-- Header (Kopf), spec §3, as MODULES.md says; see apps/server/src/gone.ts.';
    expect(check('apps/server/src/db/migrations/20261121_0030_captures.sql', text)).toEqual([
      '1: apps/server/src/gone.ts does not exist',
    ]);
    expect(check('apps/server/src/db/seed.sql', text)).toHaveLength(3);
  });

  it('reads every line of a markdown page, and its relative links', () => {
    const text = [
      '# Notes',
      'See [modules](modules.md#artikel-info) and [gone](gone.md), `docs/spec.md §1`.',
      'The spec lives in `../shared/spec/SPEC.md`.',
      'Details: [rules](other.md#layer-rules), [none](other.md#nope), https://example.com/docs/x.md',
    ].join('\n');
    expect(check('docs/notes.md', text)).toEqual([
      '2: link gone.md does not exist',
      '3: SPEC.md is not in the repository: cite docs/ instead',
      '3: ../shared/ points outside the repository: cite docs/ instead',
      '4: docs/other.md has no heading #nope',
    ]);
  });

  it('skips a line marked doc-refs-ignore, or the line after doc-refs-ignore-next-line', () => {
    const text = [
      '// apps/web/src/example/path.ts is an example doc-refs-ignore',
      '// doc-refs-ignore-next-line',
      '// apps/web/src/another/example.ts',
      '// apps/web/src/really/missing.ts',
    ].join('\n');
    expect(check('apps/web/src/a.ts', text)).toEqual(['4: apps/web/src/really/missing.ts does not exist']);
  });

  it('makes GitHub anchors and spec sections of headings', () => {
    const found = headingsOf(
      '## Artikel-Info\n## Sync of captures\n## 4. States\n```\n## not a heading\n```\n## Sync of captures',
    );
    expect([...found]).toEqual(['#artikel-info', '#sync-of-captures', '#4-states', '§4', '#sync-of-captures-1']);
  });
});
