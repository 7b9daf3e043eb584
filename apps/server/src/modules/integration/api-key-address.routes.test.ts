import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { createTestKey } from '../../test/test-keys';

// An API key used from an address it was never used from before is a security event in the audit log:
// one entry per new address, none for an address the key is known from, never the key itself.

const t = useTestApp();

const use = (key: string, remoteAddress: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/integration/v1/articles',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    payload: '[]',
    remoteAddress,
  });

describe('API key used from a new address', () => {
  it('writes one entry per new address, with the key as actor', async () => {
    const fresh = await createTestKey(t.db, 'ERP-Adressen', ['import:articles']);
    for (const address of ['10.91.0.1', '10.91.0.1', '10.91.0.2', '10.91.0.1', '10.91.0.2']) {
      expect((await use(fresh.key, address)).statusCode).toBe(200);
    }
    const entries = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'api-key.new-address')
      .where('object_id', '=', String(fresh.id))
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.address)).toEqual(['10.91.0.1', '10.91.0.2']);
    expect(entries[0]).toMatchObject({
      actor: `ERP-Adressen (${fresh.key.slice(0, 10)}…)`,
      actor_api_key_id: fresh.id,
      object_type: 'api-key',
    });
    expect(JSON.stringify(entries)).not.toContain(fresh.key.slice(4));
  });
});
