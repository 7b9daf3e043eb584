#!/usr/bin/env node
// `npm run new:capture-module -- <name> [--title <German title>] [--permission <PERMISSION>] [--dry-run]`
// Writes a new capture module's files in the house shape and adds its one registration line per side
// (docs/conventions.md#adding-a-capture-module). Refuses a bad or taken name and then writes nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const camel = (name) => name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const pascal = (name) => camel(name).replace(/^./, (c) => c.toUpperCase());

/** The new files, by path from the repository root. */
export function moduleFiles({ name, title, permission }) {
  const c = camel(name);
  const P = pascal(name);
  const prefix = name.replace(/-/g, '').slice(0, 2).toUpperCase();
  return {
    [`packages/contracts/src/${name}.ts`]: `import type { HeaderFacts } from './capture-header';
import { defineCaptureModule } from './capture-module';
import { z } from './zod';

/** ${title} (docs/modules.md#capture-engine): made by scripts/new-capture-module.mjs; say here what the module is for. */
export const ${c}Module = defineCaptureModule({
  key: '${name}',
  configName: 'mde-${name}',
  permission: '${permission}',
  documentPrefix: '${prefix}',
  allowsZero: false,
  startsInOrderUnit: false,
  asksEdi: false,
  headerFields: [],
  hasReasons: false,
  formNeedsServerArticle: false,
});

/**
 * What the header still lacks before lines or the export, for the device and the server alike: nothing while the
 * module declares no header fields; with fields, the checks of capture-header.ts and a message of the module's own.
 */
export const ${c}HeaderProblem = (_header: HeaderFacts): string | undefined => undefined;

/** What the module's own route answers: the user's open captures of the module. */
export const ${c}SummarySchema = z.object({ openCaptures: z.number().int() });
export type ${P}Summary = z.infer<typeof ${c}SummarySchema>;
`,
    [`apps/server/src/modules/${name}/${name}.repository.ts`]: `import type { Db } from '../../db/database';

/** The user's open captures of the module in the session's firma and vkforg. */
export async function countOpenCaptures(
  db: Db,
  session: { firmaId: number; vkforgId: number; userId: number },
): Promise<number> {
  const row = await db
    .selectFrom('capture')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('module', '=', '${name}')
    .where('status', '=', 'open')
    .where('firma_id', '=', session.firmaId)
    .where('vkforg_id', '=', session.vkforgId)
    .where('user_id', '=', session.userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
`,
    [`apps/server/src/modules/${name}/${name}.service.ts`]: `import type { ${P}Summary } from '@mde/contracts';
import type { Db } from '../../db/database';
import type { PolicySession } from '../captures/capture-policy';
import { countOpenCaptures } from './${name}.repository';

/** ${title}: what the module's start screen shows besides the engine's capture. */
export async function getSummary(db: Db, session: PolicySession): Promise<${P}Summary> {
  return { openCaptures: await countOpenCaptures(db, session) };
}
`,
    [`apps/server/src/modules/${name}/${name}.routes.ts`]: `import { ${c}Module, ${c}SummarySchema } from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { getSummary } from './${name}.service';

/** Mounted by the capture engine at /api/v1/captures/${name}, behind the module's permission. */
export const ${c}Routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/summary',
    {
      config: { access: { anyPermission: [${c}Module.permission] } },
      schema: { tags: ['captures'], response: { 200: ${c}SummarySchema } },
    },
    async (request) => getSummary(app.database.db, requireAuth(request)),
  );
};
`,
    [`apps/server/src/modules/${name}/${name}.policy.ts`]: `import { ${c}HeaderProblem, ${c}Module } from '@mde/contracts';
import type { CapturePolicy } from '../captures/capture-policy';
import { ${c}Routes } from './${name}.routes';

/** ${title}: the module's line rules and its export plan go here beside its header check; the engine's defaults until then. */
export const ${c}Policy: CapturePolicy = {
  info: ${c}Module,
  headerProblem: ${c}HeaderProblem,
  routes: ${c}Routes,
};
`,
    [`apps/server/src/modules/${name}/${name}.policy.test.ts`]: `import { CAPTURE_HEADER_FIELDS, CAPTURE_MODULES } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import type { HeaderState } from '../captures/capture-policy';
import { ${c}Policy } from './${name}.policy';

const emptyHeader = Object.fromEntries(CAPTURE_HEADER_FIELDS.map((f) => [f, null])) as HeaderState;

describe('${title}: the capture policy', () => {
  it('is one of contracts’ capture modules', () => {
    expect(CAPTURE_MODULES).toContain(${c}Policy.info.key);
  });

  it('asks for no header while the module declares no header fields', () => {
    expect(${c}Policy.info.headerFields).toEqual([]);
    expect(${c}Policy.headerProblem?.(emptyHeader)).toBeUndefined();
  });
});
`,
    [`apps/web/src/features/${name}/model/capture-def.ts`]: `import { ${c}Module } from '@mde/contracts';
import { type CaptureModuleDef, shownHeaderFields } from '../../../capture/capture-module';
import { paths } from '../../../lib/paths';

/** ${title}: what the module tells the shared capture screens (header fields, result view, …). */
export const ${c}Def: CaptureModuleDef = {
  info: ${c}Module,
  name: '${name}',
  paths: paths.${c},
  headerFields: shownHeaderFields(${c}Module.headerFields),
};
`,
    [`apps/web/src/features/${name}/routes.tsx`]: `import { Navigate, type RouteObject } from 'react-router';
import { ArticleSearchPage } from '../../capture/components/article-search-page';
import { CaptureListPage } from '../../capture/components/capture-list-page';
import { entrySheetRoute } from '../../capture/components/entry-sheet';
import { paths } from '../../lib/paths';
import { ${c}Def as def } from './model/capture-def';

export default function routes(): RouteObject[] {
  return [
    {
      // The list, and a line's entry as a sheet over it (entry-sheet.tsx).
      element: <CaptureListPage def={def} />,
      children: [{ index: true, element: null }, entrySheetRoute()],
    },
    { path: 'artikel-erfassen/suche', element: <ArticleSearchPage def={def} /> },
    { path: '*', element: <Navigate to={paths.${c}.root} replace /> },
  ];
}
`,
  };
}

/** The registration lines: each is inserted after the last line that matches `after` in its file. */
export function moduleEdits({ name, title, permission }) {
  const c = camel(name);
  return [
    // Contracts: the module list, the app's module table (route, title, guard) and the package's exports.
    {
      file: 'packages/contracts/src/capture-modules.ts',
      lines: [
        { after: /^import .* from '\.\/.*';$/, text: `import { ${c}Module } from './${name}';` },
        { after: /^ {2}\w+Module,$/, text: `  ${c}Module,` },
      ],
    },
    {
      file: 'packages/contracts/src/modules.ts',
      lines: [
        {
          after: /^ {2}\{ name: 'administration'/,
          before: true,
          text: `  { name: '${name}', route: 'mde-${name}', title: '${title}', permission: '${permission}' },`,
        },
      ],
    },
    {
      file: 'packages/contracts/src/index.ts',
      lines: [{ after: /^export \* from '\.\/.*';$/, text: `export * from './${name}';` }],
    },
    {
      file: 'apps/server/src/modules/capture-modules.ts',
      lines: [
        { after: /^import .* from '\.\/.*';$/, text: `import { ${c}Policy } from './${name}/${name}.policy';` },
        { after: /^ {2}\w+Policy,$/, text: `  ${c}Policy,` },
      ],
    },
    {
      file: 'apps/web/src/app/capture-modules.ts',
      lines: [
        {
          after: /^import .* from '\.\.\/features\/.*';$/,
          text: `import { ${c}Def } from '../features/${name}/model/capture-def';`,
        },
        { after: /^ {2}\w+(Def|\(true\)),$/, text: `  ${c}Def,` },
      ],
    },
    // Web: only lib/paths.ts writes route strings (docs/conventions.md#web).
    {
      file: 'apps/web/src/lib/paths.ts',
      lines: [{ after: /^ {2}\w+: (\{ \.\.\.)?capture\('/, text: `  ${c}: capture('/mde-${name}'),` }],
    },
    // Docs: the module table beside contracts' (scripts/check-doc-refs.mjs holds the two equal).
    {
      file: 'docs/glossary.md',
      lines: [
        {
          after: /^\| Administration \|/,
          before: true,
          text: `| ${title} | \`${name}\` | \`/mde-${name}\` |`,
        },
      ],
    },
  ];
}

function insertLines(source, lines) {
  const out = source.split('\n');
  for (const { after, before, text } of lines) {
    const at = out.findLastIndex((l) => after.test(l));
    if (at < 0) throw new Error(`no line matching ${after} to add '${text}' after`);
    out.splice(before ? at : at + 1, 0, text);
  }
  return out.join('\n');
}

/** Why the name cannot be used, or null. */
export function refusal(root, name, permission) {
  if (!name) return 'Give the module name, e.g. npm run new:capture-module -- stock-transfer';
  if (!NAME.test(name))
    return `'${name}' is not a kebab-case name (lower-case words joined by '-', e.g. stock-transfer)`;
  const modules = fs.readFileSync(path.join(root, 'packages/contracts/src/modules.ts'), 'utf8');
  const taken = [
    `packages/contracts/src/${name}.ts`,
    `apps/server/src/modules/${name}`,
    `apps/web/src/features/${name}`,
  ];
  if (
    modules.includes(`'${name}'`) ||
    modules.includes(`'mde-${name}'`) ||
    taken.some((p) => fs.existsSync(path.join(root, p)))
  )
    return `A module '${name}' exists already`;
  const permissions = fs.readFileSync(path.join(root, 'packages/contracts/src/permissions.ts'), 'utf8');
  if (!permissions.includes(`'${permission}'`))
    return `'${permission}' is not a permission of packages/contracts/src/permissions.ts`;
  return null;
}

/** Plans every write first, so a refusal or a missing anchor leaves the repository as it was. */
export function planModule(root, { name, title = name, permission = 'ADMINISTRATION' }) {
  const problem = refusal(root, name, permission);
  if (problem) return { problem };
  const options = { name, title, permission };
  const writes = Object.entries(moduleFiles(options)).map(([file, text]) => ({ file, text }));
  for (const edit of moduleEdits(options)) {
    const source = fs.readFileSync(path.join(root, edit.file), 'utf8');
    writes.push({ file: edit.file, text: insertLines(source, edit.lines) });
  }
  return { writes };
}

export function writePlan(root, writes) {
  for (const { file, text } of writes) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
}

function parseArgs(argv) {
  const args = { dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dry-run') args.dryRun = true;
    else if (argv[i] === '--title') args.title = argv[++i];
    else if (argv[i] === '--permission') args.permission = argv[++i];
    else args.name = argv[i];
  }
  return args;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const args = parseArgs(process.argv.slice(2));
  const plan = planModule(root, args);
  if (plan.problem) {
    console.error(plan.problem);
    process.exit(1);
  }
  if (args.dryRun) {
    for (const { file, text } of plan.writes) console.log(`--- ${file}\n${text}`);
  } else {
    writePlan(root, plan.writes);
    for (const { file } of plan.writes) console.log(`wrote ${file}`);
    // The lines went in after their neighbours; the project's formatter puts imports and exports in its order.
    const files = plan.writes.map((w) => w.file);
    spawnSync('npx', ['biome', 'check', '--write', ...files], { cwd: root, stdio: 'inherit' });
    console.log(
      'Next: the module in docs/modules.md, its texts, its rules with their tests, a journey in e2e/captures/.',
    );
  }
}
