import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IReporterOutput } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import rules `npm run lint` checks (.dependency-cruiser.cjs at the repository root), tried on a small
// planted tree: each rule must catch its violation, and a tree that keeps to the layers must pass.
const root = path.resolve(import.meta.dirname, '../../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));

let dir: string;
const plant = (files: Record<string, string>) => {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
};

async function violations(tree: string): Promise<string[]> {
  const cwd = process.cwd();
  process.chdir(path.join(dir, tree));
  try {
    const result = (await cruise(['apps', ...(tree === 'bad' ? ['packages'] : [])], {
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      tsPreCompilationDeps: true,
    })) as IReporterOutput;
    if (typeof result.output === 'string') throw new Error(result.output);
    return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  } finally {
    process.chdir(cwd);
  }
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layer-rules-'));
  plant({
    // Violations, one per rule.
    'bad/apps/web/src/features/returns/a.ts': "import { b } from '../ordering/b';\nexport const a = b;\n",
    'bad/apps/web/src/features/ordering/b.ts': 'export const b = 1;\n',
    'bad/apps/web/src/lib/l.ts': "import { o } from '../offline/o';\nexport const l = o;\n",
    'bad/apps/web/src/offline/o.ts': "import { r } from '../app/r';\nexport const o = r;\n",
    'bad/apps/web/src/app/r.ts': 'export const r = 1;\n',
    'bad/apps/server/src/db/seed.ts':
      "import { s } from '../modules/gift-cards/gift-cards.service';\nexport const d = s;\n",
    'bad/apps/server/src/modules/gift-cards/gift-cards.service.ts': 'export const s = 1;\n',
    'bad/apps/server/src/modules/captures/engine.ts':
      "import { p } from '../returns/returns.policy';\nexport const e = p;\n",
    'bad/apps/server/src/modules/returns/returns.policy.ts': 'export const p = 1;\n',
    'bad/apps/server/src/modules/integration-events/feed.ts':
      "import { n } from '../delivery-notes/delivery-notes.service';\nexport const f = n;\n",
    'bad/apps/server/src/modules/delivery-notes/delivery-notes.service.ts': 'export const n = 1;\n',
    'bad/apps/server/src/modules/user/user.routes.ts': "import { q } from './user.repository';\nexport const u = q;\n",
    'bad/apps/server/src/modules/user/user.repository.ts': "import { v } from './user.service';\nexport const q = v;\n",
    'bad/apps/server/src/modules/user/user.service.ts': 'export const v = 1;\n',
    'bad/packages/contracts/src/c.ts': "import { r } from '../../../apps/web/src/app/r';\nexport const c = r;\n",
    'bad/apps/web/src/scanner/x.ts': "import { y } from './y';\nexport const x = () => y;\n",
    'bad/apps/web/src/scanner/y.ts': "import { x } from './x';\nexport const y = () => x;\n",
    // The capture device store: screens go through capture/hooks, features never reach offline/captures,
    // offline/ knows neither the session nor the capture engine.
    'bad/apps/web/src/capture/components/lines.tsx':
      "import { captureDb } from '../../offline/captures/capture-db';\nexport const l = captureDb;\n",
    'bad/apps/web/src/offline/captures/capture-db.ts': 'export const captureDb = 1;\n',
    'bad/apps/web/src/features/returns/use-lines.ts':
      "import type { Row } from '../../offline/captures/rows';\nexport const u: Row = 1;\n",
    'bad/apps/web/src/offline/captures/rows.ts': 'export type Row = number;\n',
    'bad/apps/web/src/offline/captures/start-sync.ts':
      "import { who } from '../../session/user-context';\nexport const s = who;\n",
    'bad/apps/web/src/session/user-context.ts': 'export const who = 1;\n',
    'bad/apps/server/src/modules/ordering/ordering.service.ts':
      "import { q } from '../user/user.repository';\nexport const o = q;\n",
    // The operator CLI, the seed and the test helpers sit on top: no module imports them.
    'bad/apps/server/src/modules/user/user.commands.ts':
      "import { runCommand } from '../../admin/dispatch';\nexport const c = runCommand;\n",
    'bad/apps/server/src/admin/dispatch.ts': 'export const runCommand = 1;\n',
    'bad/apps/server/src/modules/articles/articles.service.ts':
      "import { demo } from '../../seed/demo-articles';\nexport const a = demo;\n",
    'bad/apps/server/src/seed/demo-articles.ts': 'export const demo = 1;\n',
    'bad/apps/server/src/lib/mailer.ts': "import { fake } from '../test/fake-mail';\nexport const m = fake;\n",
    'bad/apps/server/src/test/fake-mail.ts': 'export const fake = 1;\n',
    // The same parts, imported the allowed way.
    'good/apps/server/src/admin/cli.ts': "import { all } from '../modules/admin-commands';\nexport const cli = all;\n",
    'good/apps/server/src/modules/admin-commands.ts':
      "import type { AdminCommand } from '../lib/admin-command';\nexport const all: AdminCommand[] = [];\n",
    'good/apps/server/src/lib/admin-command.ts': 'export type AdminCommand = { name: string };\n',
    'good/apps/server/src/seed/index.ts': "import { d } from '../db/d';\nexport const seed = d;\n",
    'good/apps/server/src/test/run-admin.ts':
      "import { cli } from '../admin/cli';\nimport { seed } from '../seed/index';\nexport const r = [cli, seed];\n",
    'good/apps/web/src/app/r.ts': "import { f } from '../features/returns/f';\nexport const r = f;\n",
    'good/apps/web/src/features/returns/f.ts': "import { c } from '../../capture/c';\nexport const f = c;\n",
    'good/apps/web/src/capture/c.ts': "import { l } from '../lib/l';\nexport const c = l;\n",
    'good/apps/web/src/lib/l.ts': 'export const l = 1;\n',
    'good/apps/server/src/app.ts': "import { p } from './modules/returns/returns.policy';\nexport const a = p;\n",
    'good/apps/server/src/modules/returns/returns.policy.ts':
      "import type { E } from '../captures/engine';\nexport const p: E = 1;\n",
    'good/apps/server/src/modules/captures/engine.ts': "import { d } from '../../db/d';\nexport type E = typeof d;\n",
    'good/apps/server/src/db/d.ts': 'export const d = 1;\n',
    'good/apps/web/src/capture/components/lines.tsx':
      "import { deleteLine } from '../hooks/device-store';\nexport const l = deleteLine;\n",
    'good/apps/web/src/capture/hooks/device-store.ts':
      "import { captureDb } from '../../offline/captures/capture-db';\nexport const deleteLine = captureDb;\n",
    'good/apps/web/src/offline/captures/capture-db.ts':
      "import { l } from '../../lib/l';\nexport const captureDb = l;\n",
    'good/apps/web/src/features/returns/use-lines.ts':
      "import { deleteLine } from '../../capture/hooks/device-store';\nexport const u = deleteLine;\n",
    'good/apps/server/src/modules/ordering/ordering.service.ts':
      "import { v } from '../user/user.service';\nexport const o = v;\n",
    'good/apps/server/src/modules/user/user.service.ts':
      "import { q } from './user.repository';\nexport const v = q;\n",
    'good/apps/server/src/modules/user/user.repository.ts': 'export const q = 1;\n',
  });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('import rules', () => {
  it('catch each planted violation', async () => {
    const found = await violations('bad');
    const rules = new Set(found.map((v) => v.split(':')[0]));
    expect([...rules].sort()).toEqual(
      [
        'capture-engine-knows-no-module',
        'contracts-import-no-app',
        'event-feed-below-the-documents',
        'no-circular',
        'offline-knows-no-session-or-capture',
        'repositories-are-the-bottom',
        'routes-call-services',
        'server-lower-layers-no-modules',
        'server-modules-read-through-services',
        'server-admin-cli-on-top',
        'server-seed-on-top',
        'server-production-no-test-helpers',
        'web-components-no-device-db',
        'web-features-no-capture-store',
        'web-features-independent',
        'web-lib-is-the-floor',
        'web-subsystems-below-features',
      ].sort(),
    );
  });
  it('let a tree that keeps to the layers pass', async () => {
    expect(await violations('good')).toEqual([]);
  });
});
