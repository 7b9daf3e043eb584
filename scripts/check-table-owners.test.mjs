import { describe, expect, it } from 'vitest';
import { checkFile, homeOf, ownersOf, tablesOf } from './check-table-owners.mjs';

const DOC = [
  '# Architecture',
  '',
  '## Table owners',
  '',
  '| table | owner | note |',
  '| --- | --- | --- |',
  '| `app_user` | `user` | |',
  '| `session` | `auth` | |',
  '| `mail_outbox` | `lib` | |',
  '',
  '## Next',
  '| `capture` | `captures` | |',
].join('\n');
const { owners } = ownersOf(DOC);
const S = 'apps/server/src/';
const check = (file, text) => checkFile(`${S}${file}`, text, owners).map((p) => `${p.line}: ${p.message}`);

describe('check-table-owners', () => {
  it('reads the owner table of its section only', () => {
    expect([...owners]).toEqual([
      ['app_user', 'user'],
      ['session', 'auth'],
      ['mail_outbox', 'lib'],
    ]);
    expect(ownersOf(`${DOC}\n`.replace('## Next', '| `session` | `user` | |\n## Next')).problems).toEqual([
      'docs/architecture.md:11: table session has a second owner',
    ]);
  });

  it('lets an owner repository write its tables and read any', () => {
    const text = [
      "export const a = (db) => db.insertInto('app_user').values({}).execute();",
      "export const b = (db) => db.updateTable('app_user as u').set({}).execute();",
      "export const c = (db) => db.selectFrom('session').innerJoin('capture as c', 'c.id', 'x').execute();",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source text that holds a template.
      'export const d = (db) => sql`delete from app_user where id = ${1}`.execute(db);',
      'export const f = (db) => sql`insert into app_user (id) values (1) on conflict (id) do update set id = 2`;',
      'export const g = (db) => sql`select id from app_user for update skip locked`.execute(db);',
      "// db.deleteFrom('session') in a comment is no SQL",
      'export const e = \'db.deleteFrom("session")\';',
    ].join('\n');
    expect(check('modules/user/user.repository.ts', text)).toEqual([]);
  });

  it('reports SQL outside a repository, query calls and raw statements alike', () => {
    const text = [
      'export async function f(db) {',
      "  await db.selectFrom('app_user').selectAll().execute();",
      '  await sql`select 1`.execute(db);',
      '  return sql`now()`;',
      '}',
    ].join('\n');
    expect(check('modules/user/user.service.ts', text)).toEqual([
      "2: selectFrom outside a *.repository.ts: move the SQL into the module's repository",
      "3: sql outside a *.repository.ts: move the SQL into the module's repository",
    ]);
  });

  it("reports a write to another module's table and to a table without owner", () => {
    const text = [
      "export const a = (db) => db.deleteFrom('session').where('id', '=', 1).execute();",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source text that holds a template.
      'export const b = (db) => sql`insert into app_user (id) values (${1})`.execute(db);',
      "export const c = (db) => db.insertInto('login_failure').values({}).execute();",
      "export const d = (db) => db.updateTable('session').set({}).execute();",
    ].join('\n');
    expect(check('modules/user/admin-users.repository.ts', text)).toEqual([
      "1: writes session, owned by auth: call auth's service instead (docs/architecture.md#table-owners)",
      '3: writes login_failure, which has no owner in docs/architecture.md#table-owners',
      "4: writes session, owned by auth: call auth's service instead (docs/architecture.md#table-owners)",
    ]);
    expect(check('lib/mailer.repository.ts', "db.insertInto('mail_outbox').values({}).execute();")).toEqual([]);
  });

  it('lets tests, test helpers and the seed write any table', () => {
    const text = "export const a = (db) => db.insertInto('session').values({}).execute();";
    expect(check('modules/user/user.routes.test.ts', text)).toEqual([]);
    expect(check('modules/captures/fixtures.test-helper.ts', text)).toEqual([]);
    expect(check('test/test-users.ts', text)).toEqual([]);
    expect(check('seed/platform-seed.ts', text)).toEqual([]);
    expect(check('modules/captures/fixtures.ts', text)).toHaveLength(2);
  });

  it('names the home of a file and the tables of a schema', () => {
    expect(homeOf(`${S}modules/org/stores.repository.ts`)).toBe('org');
    expect(homeOf(`${S}lib/mailer.repository.ts`)).toBe('lib');
    expect(homeOf(`${S}app.ts`)).toBe('');
    const schema = [
      'export interface Database {\n  app_user: AppUserTable;\n  session: SessionTable;\n}',
      "declare module '../../db/schema' {\n  interface Database {\n    capture: CaptureTable;\n  }\n}",
    ].join('\n');
    expect(tablesOf(schema)).toEqual(['app_user', 'session', 'capture']);
  });
});
