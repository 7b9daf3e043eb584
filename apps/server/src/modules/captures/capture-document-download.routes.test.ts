import { randomUUID } from 'node:crypto';
import { MSG } from '@mde/contracts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { FX, insertFixtures } from '../../test/capture-fixtures';
import { createScopedKeys, withScopes } from '../../test/scoped-keys';
import { DEMO, EXTERN, FILIALE, useTestApp } from '../../test/test-app';

// The app's download of a document (docs/integration.md#belege-herunterladen): behind the module's permission,
// only of the session's store, the same document the ERP gets.

const t = useTestApp({
  prepare: async (t) => {
    await insertFixtures(t.db);
    await createScopedKeys(t.db, ['events:read']);
  },
});
const demo = t.login(DEMO);
const filiale = t.login(FILIALE);
const extern = t.login(EXTERN);
const base = '/api/v1/captures/inventory-count/documents';

let exported: Promise<{ id: number; number: string }> | undefined;
/** One Inventur of store 11 (number 1100), warehouse L01, exported once for the file. */
function inventory() {
  exported ??= (async () => {
    const json = (method: 'PUT' | 'POST', url: string, payload: unknown, headers: Record<string, string> = {}) =>
      demo({
        method,
        url,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(payload),
      });
    await json('PUT', '/api/v1/captures/inventory-count/header', { lager: 1101, belegdatum: '2026-11-28' });
    const line = { articleId: FX.cheese, quantity: 2.5, capturedAt: new Date().toISOString() };
    await json('PUT', `/api/v1/captures/inventory-count/lines/${randomUUID()}`, line);
    const res = await json('POST', '/api/v1/captures/inventory-count/export', {}, { 'idempotency-key': randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().documents[0];
  })();
  return exported;
}

describe('document download in the app', () => {
  it('is a CSV file with a German name for whoever may see the document', async () => {
    const document = await inventory();
    for (const user of [demo, filiale]) {
      const res = await user({ method: 'GET', url: `${base}/${document.id}/download?format=csv` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Inventur_1100_2026-11-28_${document.number}.csv"`,
      );
      const text = res.rawPayload.toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const [row] = parse(text, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
      expect(row).toMatchObject({ Verkaufsorganisation: '1100', Lager: 'L01', Artikelnummer: 'T900003', Menge: '2,5' });
    }
  });

  it('as JSON is the document the ERP reads', async () => {
    const document = await inventory();
    const res = await demo({ method: 'GET', url: `${base}/${document.id}/download?format=json` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Inventur_1100_2026-11-28_${document.number}.json"`,
    );
    const erp = await t.app.inject({
      method: 'GET',
      url: `/api/integration/v1/documents/inventory-count-${document.id}`,
      headers: withScopes('events:read'),
    });
    expect(res.json()).toEqual(erp.json());
  });

  it('needs a session (401) with the module permission (403)', async () => {
    const document = await inventory();
    const url = `${base}/${document.id}/download?format=csv`;
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MSG.notAuthenticated);
    // Erika Extern may use Artikel-Info only.
    expect((await extern({ method: 'GET', url })).statusCode).toBe(403);
    // An API key is for the integration API only.
    expect((await t.app.inject({ method: 'GET', url, headers: withScopes('events:read') })).statusCode).toBe(401);
  });

  it("another store's or firma's user does not find it (404), nor another module's", async () => {
    const document = await inventory();
    const patch = (vkforgid: number) =>
      demo({
        method: 'PATCH',
        url: '/api/v1/security/user/context',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ vkforgid }),
      });
    try {
      for (const vkforg of [12, 21]) {
        expect((await patch(vkforg)).statusCode).toBe(200);
        const res = await demo({ method: 'GET', url: `${base}/${document.id}/download?format=csv` });
        expect(res.statusCode, `store ${vkforg}`).toBe(404);
      }
    } finally {
      expect((await patch(11)).statusCode).toBe(200);
    }
    const wrongModule = `/api/v1/captures/ordering/documents/${document.id}/download?format=csv`;
    expect((await demo({ method: 'GET', url: wrongModule })).statusCode).toBe(404);
    expect((await demo({ method: 'GET', url: `${base}/${document.id}/download?format=pdf` })).statusCode).toBe(400);
  });
});
