import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../test/run-admin-command';
import { useTestApp } from '../../test/test-app';

// npm run admin -- api-key create / list / revoke / requests: a key belongs to the firmas named with --firma,
// and every change is in the audit log with the operator CLI as actor.

const t = useTestApp();

const admin = (...args: string[]) => runAdminCommand(t.app, args);

const KEY = /^mde_[A-Za-z0-9_-]{43}$/;
const create = (...extra: string[]) =>
  admin('api-key', 'create', '--name', 'ERP Nord', '--scopes', 'events:read', ...extra);

describe('api-key commands', () => {
  it('create needs the firma: missing, not a number or unknown is one German line, exit 2, nothing made', async () => {
    const before = await t.db.selectFrom('api_key').select('id').execute();
    expect(await create()).toMatchObject({
      code: 2,
      err: ['--firma fehlt: die Nummer der Firma oder mehrere durch Komma (z. B. --firma 1,2)'],
    });
    expect(await create('--firma', 'eins')).toMatchObject({ code: 2, err: ['--firma: „eins“ ist keine Firmennummer'] });
    expect(await create('--firma', '1,9')).toMatchObject({ code: 2, err: ['Die Firma 9 gibt es nicht'] });
    expect(await t.db.selectFrom('api_key').select('id').execute()).toHaveLength(before.length);
  });

  it('create makes a key of the firmas named, shown once; create and revoke are audited as the operator', async () => {
    const created = await create('--firma', '2,1');
    expect(created.code, created.err.join('\n')).toBe(0);
    expect(created.out[0]).toMatch(/^API-Schlüssel (\d+) „ERP Nord“ \(events:read\) für Firma 1, 2 angelegt\.$/);
    const id = Number(/API-Schlüssel (\d+)/.exec(created.out[0] ?? '')?.[1]);
    const key = created.out.find((l) => KEY.test(l)) ?? '';
    expect(key).toMatch(KEY);
    const row = await t.db.selectFrom('api_key').select('firma_ids').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.firma_ids).toEqual([1, 2]);

    const listed = await admin('api-key', 'list');
    expect(listed.out.find((l) => l.startsWith(`${id}\t`))).toContain('Firma 1,2\tevents:read');
    expect(listed.out.join('\n')).not.toContain(key);

    expect(await admin('api-key', 'revoke', String(id))).toMatchObject({ code: 0 });
    const entries = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('object_type', '=', 'api-key')
      .where('object_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['api-key.create', 'api-key.revoke']);
    for (const e of entries) {
      expect(e.actor).toMatch(/^admin-cli:/);
      expect(e).toMatchObject({ actor_user_id: null, actor_api_key_id: null, firma_id: null, firma_ids: [1, 2] });
    }
    expect(entries[0]?.after).toMatchObject({ name: 'ERP Nord', firmas: [1, 2], scopes: ['events:read'] });
    expect(JSON.stringify(entries)).not.toContain(key.slice(10));
  });

  it('requests shows a key’s newest requests by id or name, a revoked key’s refusal too', async () => {
    const created = await admin(
      'api-key',
      'create',
      '--name',
      'ERP Protokoll',
      '--scopes',
      'events:read',
      '--firma',
      '1',
    );
    const id = /API-Schlüssel (\d+)/.exec(created.out[0] ?? '')?.[1] ?? '';
    const key = created.out.find((l) => KEY.test(l)) ?? '';
    expect((await admin('api-key', 'requests', id)).out).toEqual(['Noch keine Anfragen mit diesem Schlüssel.']);
    const feed = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/integration/v1/events?limit=3',
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await feed()).statusCode).toBe(200);
    await admin('api-key', 'revoke', id);
    expect((await feed()).statusCode).toBe(401);
    await t.app.apiKeyRequestLog.flush();

    const byName = await admin('api-key', 'requests', 'ERP Protokoll');
    expect(byName.code).toBe(0);
    expect(byName.out).toEqual([
      expect.stringMatching(/^\S+Z\tGET\t\/api\/integration\/v1\/events\t401\t\d+ ms$/),
      expect.stringMatching(/^\S+Z\tGET\t\/api\/integration\/v1\/events\t200\t\d+ ms$/),
    ]);
    expect((await admin('api-key', 'requests', id)).out).toEqual(byName.out);
    expect(await admin('api-key', 'requests', '999999')).toMatchObject({ code: 1 });
    expect(await admin('api-key', 'requests', 'gibt es nicht')).toMatchObject({ code: 2 });
  });
});
