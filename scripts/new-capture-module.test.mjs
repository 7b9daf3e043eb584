import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planModule, writePlan } from './new-capture-module.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The files the generator reads or edits, copied into a temporary repository.
const INPUTS = [
  'packages/contracts/src/modules.ts',
  'packages/contracts/src/permissions.ts',
  'packages/contracts/src/capture-modules.ts',
  'packages/contracts/src/index.ts',
  'apps/server/src/modules/capture-modules.ts',
  'apps/web/src/app/capture-modules.ts',
  'apps/web/src/lib/paths.ts',
  'docs/glossary.md',
];

let root;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'new-capture-module-'));
  for (const file of INPUTS) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(root, file));
  }
  fs.mkdirSync(path.join(root, 'apps/web/src/features/returns'), { recursive: true });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const snapshot = () => INPUTS.map((file) => fs.readFileSync(path.join(root, file), 'utf8'));

describe('new-capture-module', () => {
  it('writes the module files and one registration line per side', () => {
    const plan = planModule(root, { name: 'stock-transfer', title: 'Umlagerung', permission: 'INVENTUR' });
    expect(plan.problem).toBeUndefined();
    writePlan(root, plan.writes);
    const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
    for (const file of [
      'packages/contracts/src/stock-transfer.ts',
      'apps/server/src/modules/stock-transfer/stock-transfer.routes.ts',
      'apps/server/src/modules/stock-transfer/stock-transfer.service.ts',
      'apps/server/src/modules/stock-transfer/stock-transfer.repository.ts',
      'apps/server/src/modules/stock-transfer/stock-transfer.policy.ts',
      'apps/server/src/modules/stock-transfer/stock-transfer.policy.test.ts',
      'apps/web/src/features/stock-transfer/model/capture-def.ts',
      'apps/web/src/features/stock-transfer/routes.tsx',
    ])
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    expect(read('packages/contracts/src/stock-transfer.ts')).toContain("key: 'stock-transfer'");
    expect(read('packages/contracts/src/capture-modules.ts')).toMatch(/^ {2}stockTransferModule,$/m);
    expect(read('packages/contracts/src/modules.ts')).toContain(
      "{ name: 'stock-transfer', route: 'mde-stock-transfer', title: 'Umlagerung', permission: 'INVENTUR' },",
    );
    expect(read('packages/contracts/src/index.ts')).toContain("export * from './stock-transfer';");
    expect(read('apps/server/src/modules/capture-modules.ts')).toMatch(/^ {2}stockTransferPolicy,$/m);
    expect(read('apps/web/src/app/capture-modules.ts')).toMatch(/^ {2}stockTransferDef,$/m);
    // Route strings only in lib/paths.ts; the header check the docs promise, wired into the policy.
    expect(read('apps/web/src/lib/paths.ts')).toContain("  stockTransfer: capture('/mde-stock-transfer'),");
    expect(read('apps/web/src/features/stock-transfer/model/capture-def.ts')).toContain('paths: paths.stockTransfer,');
    expect(read('apps/web/src/features/stock-transfer/routes.tsx')).not.toMatch(/['`]\/mde-/);
    expect(read('packages/contracts/src/stock-transfer.ts')).toContain('export const stockTransferHeaderProblem');
    expect(read('packages/contracts/src/stock-transfer.ts')).toContain('headerFields: [],');
    expect(read('apps/server/src/modules/stock-transfer/stock-transfer.policy.ts')).toContain(
      'headerProblem: stockTransferHeaderProblem,',
    );
    expect(read('docs/glossary.md')).toMatch(
      /^\| Umlagerung \| `stock-transfer` \| `\/mde-stock-transfer` \|\n\| Administration \|/m,
    );
  });

  it.each([
    ['Stock_Transfer', /kebab-case/],
    ['stock--transfer', /kebab-case/],
    ['', /Give the module name/],
    ['returns', /exists already/],
    ['inventur', /exists already/],
  ])('refuses the name %j and writes nothing', (name, message) => {
    const before = snapshot();
    const plan = planModule(root, { name, permission: 'INVENTUR' });
    expect(plan.problem).toMatch(message);
    expect(plan.writes).toBeUndefined();
    expect(snapshot()).toEqual(before);
  });

  it('refuses a permission contracts do not know', () => {
    expect(planModule(root, { name: 'stock-transfer', permission: 'NOPE' }).problem).toMatch(/not a permission/);
  });
});
