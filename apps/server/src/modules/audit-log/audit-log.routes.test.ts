import { AUDIT_LOG_MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { type as, DEMO, useTestApp } from '../../test/test-app';
import { addTestUser } from '../../test/test-users';
import { recordAudit } from './record-audit';

// The admin's audit log: only what concerns the firmas the admin holds, filtered, newest first, paged by a
// cursor, and as a CSV export with the same filters.

let userOfFirma1 = 0;
const ADMIN1 = { username: 'audit-admin-1', password: 'Audit-Admin1!' };

async function write(action: string, firmaId: number | null, objectType: string, objectId: string | number) {
  await t.db.transaction().execute((trx) =>
    recordAudit(trx, {
      actor: { userId: 1, name: 'Prüfer', address: '10.1.1.1' },
      action,
      objectType,
      objectId,
      firmaId,
      before: { name: 'Alt; "Zitat"' },
      after: { name: 'Neu' },
    }),
  );
}

// Logins write no audit entry, so the entries below stay the newest although the sessions start after them.
const t = useTestApp({
  prepare: async (t) => {
    await addTestUser(t.db, { ...ADMIN1, permissions: ['ADMINISTRATION'] });
    userOfFirma1 = await addTestUser(t.db, { username: 'audit-user-1', password: 'Audit-User1!', permissions: [] });
    await write('test.firma1', 1, 'store', 'a');
    await write('test.firma2', 2, 'store', 'b');
    await write('test.user', null, 'user', userOfFirma1);
    await write('test.key', null, 'api-key', 7);
    for (let i = 0; i < 5; i++) await write('test.page', 1, 'page', i);
  },
});
const admin1 = t.login(ADMIN1);
const demo = t.login(DEMO);

const list = (user: ReturnType<typeof as>, query = '') =>
  user({ method: 'GET', url: `/api/v1/admin/audit-log${query}` });
const actions = (body: { items: { action: string }[] }) => body.items.map((e) => e.action);

describe('GET /api/v1/admin/audit-log', () => {
  it('shows an admin only the entries of the firmas held and those about their users', async () => {
    const res = await list(admin1, '?limit=200');
    expect(res.statusCode).toBe(200);
    const seen = actions(res.json());
    expect(seen).toContain('test.firma1');
    expect(seen).toContain('test.user');
    expect(seen).not.toContain('test.firma2');
    expect(seen).not.toContain('test.key');
    expect(actions((await list(demo, '?limit=200')).json())).toContain('test.firma2');
  });

  it("names an entry's object by its name where it has one (a user by user name), else null", async () => {
    const { items } = (await list(admin1, '?limit=200')).json() as {
      items: { action: string; objectName: string | null }[];
    };
    expect(items.find((e) => e.action === 'test.user')?.objectName).toBe('audit-user-1');
    // Store "a" is no store id: it keeps no name.
    expect(items.find((e) => e.action === 'test.firma1')?.objectName).toBeNull();
  });

  it('filters by action, object and actor, newest first', async () => {
    const res = await list(admin1, `?objectType=user&objectId=${userOfFirma1}&action=test.user&actor=pr%C3%BCfer`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({ actor: 'Prüfer', address: '10.1.1.1', after: { name: 'Neu' } });
    const pages = (await list(admin1, '?action=test.page')).json();
    expect(pages.items.map((e: { objectId: string }) => e.objectId)).toEqual(['4', '3', '2', '1', '0']);
  });

  it('pages by cursor without gaps or repeats', async () => {
    const ids: string[] = [];
    let cursor = '';
    for (let round = 0; round < 5; round++) {
      const body = (await list(admin1, `?action=test.page&limit=2${cursor}`)).json();
      ids.push(...body.items.map((e: { objectId: string }) => e.objectId));
      if (!body.nextCursor) break;
      cursor = `&cursor=${body.nextCursor}`;
    }
    expect(ids).toEqual(['4', '3', '2', '1', '0']);
  });

  it('filters by period', async () => {
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect((await list(admin1, `?from=${future}`)).json().items).toEqual([]);
    const past = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
    expect((await list(admin1, `?from=${past}&to=${future}&action=test.firma1`)).json().items).toHaveLength(1);
  });

  it('refuses bad filters with a German message', async () => {
    const from = encodeURIComponent(new Date().toISOString());
    const to = encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString());
    const res = await list(admin1, `?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(AUDIT_LOG_MSG.fromAfterTo);
    for (const bad of ['?limit=abc', '?cursor=-1', '?from=gestern', '?unknown=1']) {
      const r = await list(admin1, bad);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().message, bad).toMatch(/\S/);
    }
  });
});

describe('GET /api/v1/admin/audit-log.csv', () => {
  it('exports with the filters: BOM, ";", German headers, before/after as JSON text', async () => {
    const res = await admin1({ method: 'GET', url: '/api/v1/admin/audit-log.csv?objectType=store' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="protokoll-/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Zeitpunkt;Benutzer;Adresse;Aktion;Objekttyp;Objekt-ID;Firma;Vorher;Nachher');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(';Prüfer;10.1.1.1;test.firma1;store;a;1;');
    expect(lines[1]).toContain('"{""name"":""Alt; \\""Zitat\\""""}"');
  });

  it('streams a log larger than one batch', async () => {
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 1203; i++) {
        await recordAudit(trx, {
          actor: { system: 'bulk' },
          action: 'test.bulk',
          objectType: 'bulk',
          objectId: i,
          firmaId: 1,
        });
      }
    });
    const res = await admin1({ method: 'GET', url: '/api/v1/admin/audit-log.csv?action=test.bulk' });
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(1204);
    expect(new Set(lines.slice(1).map((l) => l.split(';')[5])).size).toBe(1203);
  });
});
