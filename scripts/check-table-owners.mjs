#!/usr/bin/env node
// npm run lint: every table of the server has one owner (docs/architecture.md#table-owners), SQL runs only
// in `*.repository.ts` files, and a repository writes only the tables its module owns; another module changes
// them through the owner's service, so the owner keeps its tables' rules in one place.
// Tests (`*.test.ts`, `*.test-helper.ts`, `apps/server/src/test/`) and the seed (`apps/server/src/seed/`) may
// read and write any table: they set up the state a test or a demo needs. `db/` is the database layer itself
// (migrations, dialects, bulk insert), so SQL there needs no repository and its own bookkeeping table
// (schema_migration) no owner, but it writes no module's table.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const SERVER = 'apps/server/src/';
export const OWNERS_DOC = 'docs/architecture.md';
const OWNERS_HEADING = '## Table owners';

const QUERY_CALLS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const WRITE_CALLS = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
// A raw statement: its first word, and the table a write names.
const RAW_STATEMENT = /^\s*(select|insert|update|delete|with|truncate|lock|merge)\b/i;
// `on conflict … do update set` and `for update skip locked` name no table.
const RAW_WRITE =
  /\b(?:insert\s+into|(?<!\b(?:do|for)\s+)update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** Files free to run any SQL on any table: tests, test helpers and the seed. */
export const isFree = (file) =>
  /\.test(-helper)?\.tsx?$/.test(file) || file.startsWith(`${SERVER}test/`) || file.startsWith(`${SERVER}seed/`);

/** The module (folder below modules/) or layer (db, lib, plugins, …) a server file belongs to. */
export function homeOf(file) {
  const rest = file.slice(SERVER.length).split('/');
  if (rest[0] === 'modules' && rest.length > 2) return rest[1];
  return rest.length > 1 ? rest[0] : '';
}

/** The owner table of docs/architecture.md: `| \`table\` | \`owner\` |` rows below its heading. */
export function ownersOf(markdown) {
  const owners = new Map();
  const problems = [];
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === OWNERS_HEADING);
  if (start < 0) return { owners, problems: [`${OWNERS_DOC} has no "${OWNERS_HEADING}" section`] };
  for (let k = start + 1; k < lines.length && !lines[k].startsWith('## '); k++) {
    const row = /^\|\s*`([a-z_0-9]+)`\s*\|\s*`([a-z-]+)`\s*\|/.exec(lines[k]);
    if (!row) continue;
    if (owners.has(row[1])) problems.push(`${OWNERS_DOC}:${k + 1}: table ${row[1]} has a second owner`);
    else owners.set(row[1], row[2]);
  }
  return { owners, problems };
}

/** The tables the schema declares: the keys of every `interface Database` (schema.ts and the *.tables.ts). */
export function tablesOf(text) {
  const tables = [];
  for (const block of text.matchAll(/\binterface Database \{([^}]*)\}/g))
    for (const key of block[1].matchAll(/^\s*([a-z_][a-z0-9_]*)\??:/gm)) tables.push(key[1]);
  return tables;
}

/** The SQL of one source file: each query call and raw statement, with the table a write names. */
export function sqlOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = [];
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const call = node.expression.name.text;
      if (QUERY_CALLS.has(call)) {
        const first = node.arguments[0];
        const table = first && ts.isStringLiteralLike(first) ? first.text.split(/\s+as\s+/)[0].trim() : null;
        found.push({ line: lineOf(node), call, write: WRITE_CALLS.has(call), table });
      }
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source).replace(/<.*$/s, '') === 'sql') {
      const raw = ts.isNoSubstitutionTemplateLiteral(node.template)
        ? node.template.text
        : [node.template.head.text, ...node.template.templateSpans.map((s) => s.literal.text)].join(' ? ');
      if (RAW_STATEMENT.test(raw)) {
        const writes = [...raw.matchAll(RAW_WRITE)].map((m) => m[1].toLowerCase());
        if (writes.length === 0) found.push({ line: lineOf(node), call: 'sql', write: false, table: null });
        for (const table of writes) found.push({ line: lineOf(node), call: 'sql', write: true, table });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The problems of one server file, given the owner of each table. */
export function checkFile(file, text, owners) {
  if (!file.startsWith(SERVER) || isFree(file)) return [];
  const home = homeOf(file);
  const repository = file.endsWith('.repository.ts') || home === 'db';
  const problems = [];
  for (const q of sqlOf(file, text)) {
    const at = (message) => problems.push({ file, line: q.line, message });
    if (!repository) at(`${q.call} outside a *.repository.ts: move the SQL into the module's repository`);
    if (!q.write || !q.table) continue;
    const owner = owners.get(q.table);
    if (!owner && home !== 'db') at(`writes ${q.table}, which has no owner in ${OWNERS_DOC}#table-owners`);
    else if (owner && owner !== home)
      at(`writes ${q.table}, owned by ${owner}: call ${owner}'s service instead (${OWNERS_DOC}#table-owners)`);
  }
  return problems;
}

/** The whole repository: the owner table against the schema, then every tracked server source file. */
export function checkRepo(root) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', SERVER], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f.endsWith('.ts') && fs.existsSync(path.join(root, f)));
  const read = (f) => fs.readFileSync(path.join(root, f), 'utf8');
  const { owners, problems: docProblems } = ownersOf(read(OWNERS_DOC));
  const problems = docProblems.map((message) => ({ file: OWNERS_DOC, line: 0, message }));
  const tables = new Set(files.filter((f) => !isFree(f)).flatMap((f) => tablesOf(read(f))));
  const homes = new Set(files.map(homeOf));
  for (const table of tables)
    if (!owners.has(table)) problems.push({ file: OWNERS_DOC, line: 0, message: `table ${table} has no owner` });
  for (const [table, owner] of owners) {
    if (!tables.has(table)) problems.push({ file: OWNERS_DOC, line: 0, message: `${table} is no table of the schema` });
    if (!homes.has(owner))
      problems.push({ file: OWNERS_DOC, line: 0, message: `owner ${owner} of ${table} does not exist` });
  }
  for (const file of files) problems.push(...checkFile(file, read(file), owners));
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkRepo(root);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
  if (problems.length > 0) {
    console.error(`check-table-owners: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('check-table-owners: SQL only in repositories, each table written by its owner alone');
}
