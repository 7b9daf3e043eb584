import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES } from './modules';

// docs/glossary.md#modules is the module table the docs keep (the README links it); it must say what MODULES says.
const glossary = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/glossary.md'), 'utf8');

/** The rows of the table under '## Modules': German title, module name, route. */
function moduleTableRows(markdown: string): string[][] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Modules\n')) ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\| (German|---)/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/^`|`$/g, '')),
    );
}

describe('the docs’ module table (docs/glossary.md#modules)', () => {
  it('names every module of contracts’ list, in its order, with its title and route', () => {
    expect(moduleTableRows(glossary)).toEqual(MODULES.map((m) => [m.title, m.name, `/${m.route}`]));
  });

  it('reads a row that differs as a difference', () => {
    const table =
      '## Modules\n\n| German | name | route |\n| --- | --- | --- |\n| Inventur | `inventory-count` | `/x` |\n';
    expect(moduleTableRows(table)).toEqual([['Inventur', 'inventory-count', '/x']]);
    expect(moduleTableRows(table)).not.toEqual([['Inventur', 'inventory-count', '/mde-inventur']]);
  });
});
