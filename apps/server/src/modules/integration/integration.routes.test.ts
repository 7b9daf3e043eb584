import type { AddressInfo } from 'node:net';
import {
  IDEMPOTENCY_MSG,
  IMPORT_KIND_SCOPES,
  IMPORT_KINDS_IN_ORDER,
  INTEGRATION_MSG,
  INTEGRATION_SCOPES,
  MSG,
  QUANTITY_MSG,
} from '@mde/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadStreamed } from '../../test/streamed-upload';
import { createTestApp, DEMO, loginAs, type TestApp } from '../../test/test-app';
import { createTestKey } from '../../test/test-keys';
import { revokeApiKey } from './api-keys.repository';

let t: TestApp;
let importKey: string;
let supplierNumber: string;

const KINDS = IMPORT_KINDS_IN_ORDER;

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_REQUESTS_PER_MINUTE: '1000' });
  importKey = (await createTestKey(t.db, 'ERP', ['import:articles', 'import:stock', 'import:org', 'import:documents']))
    .key;
  const supplier = await t.db
    .selectFrom('supplier')
    .select('number')
    .where('firma_id', '=', 1)
    .executeTakeFirstOrThrow();
  supplierNumber = supplier.number;
});
afterAll(() => t.close());

const put = (kind: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/integration/v1/${kind}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const withKey = (key: string) => ({ authorization: `Bearer ${key}` });

function article(number: string, overrides: Record<string, unknown> = {}) {
  return {
    firma: 1,
    number,
    designation1: `Testartikel ${number}`,
    department: 'Obst',
    baseUnit: 'ST',
    units: [
      { unit: 'ST', factor: 1, weightGrams: 120 },
      { unit: 'KI', factor: 12 },
    ],
    codes: [],
    prices: [{ vkforg: '1100', unit: 'ST', priceCents: 199, validFrom: '2026-01-01' }],
    listings: [{ vkforg: '1100', listedSince: '2026-01-01', targetStock: 24, minStock: 6 }],
    ...overrides,
  };
}

// A valid EAN-13 for a number: its 12 digits and the check digit.
function ean13(body12: string): string {
  const digits = [...body12].map(Number);
  const sum = digits.reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return `${body12}${(10 - (sum % 10)) % 10}`;
}

describe('integration API keys', () => {
  it('refuses every integration route without a key, with an unknown key and with a revoked key (401, German)', async () => {
    const revoked = await createTestKey(t.db, 'alt', ['import:articles', 'import:stock', 'import:org']);
    await revokeApiKey(t.db, revoked.id);
    for (const kind of KINDS) {
      const none = await put(kind, []);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ message: INTEGRATION_MSG.apiKeyMissing, code: 'API_KEY_MISSING' });
      const unknown = await put(kind, [], withKey('mde_unbekannt'));
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ message: INTEGRATION_MSG.apiKeyInvalid, code: 'API_KEY_INVALID' });
      const gone = await put(kind, [], withKey(revoked.key));
      expect(gone.statusCode).toBe(401);
      expect(gone.json().code).toBe('API_KEY_INVALID');
    }
  });

  it("refuses a key with every scope but the route's own (403, German)", async () => {
    for (const kind of KINDS) {
      const others = INTEGRATION_SCOPES.filter((scope) => scope !== IMPORT_KIND_SCOPES[kind]);
      const key = await createTestKey(t.db, `Ohne ${kind}`, others);
      const res = await put(kind, [], withKey(key.key));
      expect(res.statusCode, kind).toBe(403);
      expect(res.json()).toEqual({ message: INTEGRATION_MSG.scopeMissing, code: 'SCOPE_MISSING' });
    }
  });

  it('takes no session cookie on the integration API and no key on the app routes', async () => {
    const cookie = await loginAs(t.app, DEMO);
    const byCookie = await put('articles', [], { cookie });
    expect(byCookie.statusCode).toBe(401);
    const appRoute = await t.app.inject({ method: 'GET', url: '/api/v1/articles?q=a', headers: withKey(importKey) });
    expect(appRoute.statusCode).toBe(401);
    expect(appRoute.json().message).toBe(MSG.notAuthenticated);
  });

  it('records the last use of a key with its address', async () => {
    const fresh = await createTestKey(t.db, 'Zeit', ['import:articles']);
    await t.app.inject({
      method: 'PUT',
      url: '/api/integration/v1/articles',
      headers: { 'content-type': 'application/json', ...withKey(fresh.key) },
      payload: '[]',
      remoteAddress: '10.9.8.7',
    });
    const row = await t.db
      .selectFrom('api_key')
      .select(['last_used_at', 'last_used_address', 'key_hash'])
      .where('id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
    expect(row.last_used_address).toBe('10.9.8.7');
    expect(row.key_hash).not.toContain(fresh.key.slice(4));
  });

  it('documents the Bearer scheme on the integration routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/integration/v1/articles'].put.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/articles/'].get.security).toBeUndefined();
  });
});

describe('PUT /api/integration/v1/articles', () => {
  it('inserts, then reports an unchanged resend as unchanged without writing, then updates a changed row', async () => {
    const rows = [
      article('IMP-1', { codes: [{ code: ean13('400000000101'), unit: 'ST' }] }),
      article('IMP-2', {
        suppliers: [{ supplier: supplierNumber, supplierArticleNumber: 'S-2', orderUnit: 'KI', orderFactor: 12 }],
      }),
    ];
    const first = await put('articles', rows, withKey(importKey));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ inserted: 2, updated: 0, unchanged: 0, rejected: 0, rejections: [] });
    const stamp = async (number: string) =>
      (
        await t.db
          .selectFrom('article')
          .select('updated_at')
          .where('firma_id', '=', 1)
          .where('number', '=', number)
          .executeTakeFirstOrThrow()
      ).updated_at;
    const before = await stamp('IMP-1');

    const again = await put('articles', rows, withKey(importKey));
    expect(again.json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 2, rejected: 0 });
    expect(await stamp('IMP-1')).toEqual(before);

    const changed = [article('IMP-1', { designation1: 'Neu', codes: [{ code: ean13('400000000101'), unit: 'ST' }] })];
    const third = await put('articles', changed, withKey(importKey));
    expect(third.json()).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    expect((await stamp('IMP-1')).getTime()).toBeGreaterThan(new Date(before).getTime());
    const code = await t.db
      .selectFrom('article_code')
      .innerJoin('article', 'article.id', 'article_code.article_id')
      .select(['article.number', 'article_code.gtin14', 'article_code.code_type'])
      .where('article_code.gtin14', '=', `0${ean13('400000000101')}`)
      .executeTakeFirstOrThrow();
    expect(code).toEqual({ number: 'IMP-1', gtin14: `0${ean13('400000000101')}`, code_type: 'ean13' });
  });

  it('compares a row in full again once something else changed the article since its import', async () => {
    const rows = [article('IMP-TOUCHED')];
    expect((await put('articles', rows, withKey(importKey))).json()).toMatchObject({ inserted: 1 });
    const stored = await t.db
      .selectFrom('article')
      .select('id')
      .where('number', '=', 'IMP-TOUCHED')
      .executeTakeFirstOrThrow();
    // Changed in the database, not by the import: the listing trigger stamps the article.
    await t.db.updateTable('article_listing').set({ target_stock: 99 }).where('article_id', '=', stored.id).execute();
    expect((await put('articles', rows, withKey(importKey))).json()).toMatchObject({ updated: 1, unchanged: 0 });
    const listing = await t.db
      .selectFrom('article_listing')
      .select('target_stock')
      .where('article_id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(listing.target_stock).toBe(24);
    expect((await put('articles', rows, withKey(importKey))).json()).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it('refuses bad rows one by one with index, field and a German reason, and applies the good ones', async () => {
    const rows = [
      article('BAD-NUL', { designation1: 'a\u0000b' }),
      article('BAD-SURROGATE', { designation2: 'x\ud800y' }),
      article('BAD-YEAR', { listings: [{ vkforg: '1100', listedSince: '0000-01-01' }] }),
      article('GOOD-1'),
      article('BAD-STORE', { prices: [{ vkforg: '9999', unit: 'ST', priceCents: 1, validFrom: '2026-01-01' }] }),
      article('BAD-CODE', { codes: [{ code: '4000000001012', unit: 'ST' }] }),
      article('BAD-UNIT', { codes: [{ code: ean13('400000000202'), unit: 'PAL' }] }),
      { ...article('BAD-FIELD'), colour: 'rot' },
      article('GOOD-1'),
      article('BAD-FIRMA', { firma: 77 }),
    ];
    const res = await put('articles', rows, withKey(importKey));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ inserted: 1, updated: 0, unchanged: 0, rejected: 9 });
    const byIndex = Object.fromEntries(body.rejections.map((r: { index: number }) => [r.index, r]));
    expect(byIndex[0]).toMatchObject({ field: 'designation1', message: 'Der Text enthält unzulässige Zeichen' });
    expect(byIndex[1]).toMatchObject({ field: 'designation2', message: 'Der Text enthält unzulässige Zeichen' });
    expect(byIndex[2].field).toBe('listings.0.listedSince');
    expect(byIndex[4]).toMatchObject({ field: 'prices.0.vkforg', message: INTEGRATION_MSG.vkforgUnknown });
    expect(byIndex[5]).toMatchObject({ field: 'codes.0.code', message: INTEGRATION_MSG.codeInvalid });
    expect(byIndex[6]).toMatchObject({ field: 'codes.0.unit', message: INTEGRATION_MSG.unitUnknown });
    expect(byIndex[7]).toMatchObject({ field: 'colour', message: MSG.unknownField });
    expect(byIndex[8]).toMatchObject({ field: 'number', message: INTEGRATION_MSG.duplicateInRequest });
    // An unknown firma is none of the key's: the key learns nothing about which firmas exist.
    expect(byIndex[9]).toMatchObject({ field: 'firma', message: INTEGRATION_MSG.keyNotForFirma });
    const stored = await t.db.selectFrom('article').select('number').where('number', 'like', 'BAD-%').execute();
    expect(stored).toEqual([]);
  });

  it('refuses a number with more precision than its field keeps, never rounding it', async () => {
    const price = (priceCents: number) => [{ vkforg: '1100', unit: 'ST', priceCents, validFrom: '2026-01-01' }];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ prices: price(199.5) }, 'prices.0.priceCents', INTEGRATION_MSG.wholeNumber],
      [{ units: [{ unit: 'ST', factor: 1, weightGrams: 120.5 }] }, 'units.0.weightGrams', INTEGRATION_MSG.wholeNumber],
      [{ units: [{ unit: 'ST', factor: 1.0005 }] }, 'units.0.factor', QUANTITY_MSG.decimals],
      [
        { listings: [{ vkforg: '1100', listedSince: '2026-01-01', targetStock: 24.0005 }] },
        'listings.0.targetStock',
        QUANTITY_MSG.decimals,
      ],
    ];
    const rows = cases.map(([overrides], i) => article(`PRECISE-${i}`, overrides));
    const res = await put('articles', rows, withKey(importKey));
    expect(res.statusCode).toBe(200);
    expect(res.json().rejections).toEqual(cases.map(([, field, message], index) => ({ index, field, message })));
    const stored = await t.db.selectFrom('article').select('number').where('number', 'like', 'PRECISE-%').execute();
    expect(stored).toEqual([]);
  });

  it('refuses huge numbers per row and a code another article holds', async () => {
    const other = await t.db
      .selectFrom('article_code')
      .select('gtin14')
      .where('firma_id', '=', 1)
      .where('code_type', '=', 'ean13')
      .executeTakeFirstOrThrow();
    const body = `[${JSON.stringify(article('HUGE')).replace('"priceCents":199', '"priceCents":1e400')},${JSON.stringify(
      article('TAKEN', { codes: [{ code: other.gtin14.slice(1), unit: 'ST' }] }),
    )}]`;
    const res = await put('articles', body, withKey(importKey));
    expect(res.statusCode).toBe(200);
    expect(res.json().rejections).toEqual([
      { index: 0, field: 'prices.0.priceCents', message: expect.any(String) },
      { index: 1, field: 'codes.0.code', message: INTEGRATION_MSG.codeTaken },
    ]);
  });

  it('takes NDJSON and refuses a broken line on its own', async () => {
    const body = `${JSON.stringify(article('ND-1'))}\n{"firma": 1, "numb\n${JSON.stringify(article('ND-2'))}\n`;
    const res = await put('articles', body, { ...withKey(importKey), 'content-type': 'application/x-ndjson' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      inserted: 2,
      rejected: 1,
      rejections: [{ index: 1, field: '_', message: INTEGRATION_MSG.rowNotJson }],
    });
  });

  it('answers a resend with the same Idempotency-Key with the first answer and refuses another body under it', async () => {
    const headers = { ...withKey(importKey), 'idempotency-key': 'erp-lauf-1' };
    const first = await put('articles', [article('IDEM-1')], headers);
    expect(first.json()).toMatchObject({ inserted: 1 });
    await t.db.updateTable('article').set({ designation1: 'lokal geändert' }).where('number', '=', 'IDEM-1').execute();
    const again = await put('articles', [article('IDEM-1')], headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const row = await t.db
      .selectFrom('article')
      .select('designation1')
      .where('number', '=', 'IDEM-1')
      .executeTakeFirst();
    expect(row?.designation1).toBe('lokal geändert');
    const other = await put('articles', [article('IDEM-2')], headers);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: IDEMPOTENCY_MSG.keyReused, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('refuses a 10 MB body, a body that is no array and malformed JSON without a 5xx', async () => {
    const huge = await put('articles', `[${'"x",'.repeat(2_600_000)}"x"]`, withKey(importKey));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: MSG.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    const object = await put('articles', { firma: 1 }, withKey(importKey));
    expect(object.statusCode).toBe(400);
    expect(object.json().message).toBe(INTEGRATION_MSG.bodyNotArray);
    const broken = await put('articles', '[{"firma":', withKey(importKey));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: MSG.malformedJson, code: 'MALFORMED_JSON' });
  });
});

describe('bodies the import routes cannot read', () => {
  it('answers a PUT without a body on every import route with a German 400', async () => {
    for (const kind of KINDS) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/integration/v1/${kind}`,
        headers: withKey(importKey),
      });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ message: INTEGRATION_MSG.bodyMissing, code: 'BODY_MISSING' });
    }
  });

  // A client still sending its body when the 413 comes must read it (not a reset), over a real connection: inject
  // never sees what the socket does.
  describe('over a real connection', () => {
    const TEN_MB = Buffer.alloc(10 * 1024 * 1024, 0x20);
    let url: URL;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      url = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/integration/v1/articles`);
    });

    it('answers 10 MB sent by fetch with the German 413, then closes', async () => {
      for (let round = 0; round < 3; round++) {
        const res = await fetch(url, {
          method: 'PUT',
          headers: { ...withKey(importKey), 'content-type': 'application/json' },
          body: TEN_MB,
        });
        expect(res.status).toBe(413);
        expect(res.headers.get('connection')).toBe('close');
        expect(await res.json()).toEqual({ message: MSG.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' });
      }
    });

    it.each([
      ['with Content-Length', false],
      ['chunked', true],
    ])('answers 10 MB streamed %s with the German 413 the client reads whole, then closes', async (_name, chunked) => {
      const headers = { ...withKey(importKey), 'content-type': 'application/x-ndjson' };
      const answer = await uploadStreamed(url, { headers, body: TEN_MB, chunked });
      expect(answer.error).toBeUndefined();
      expect(answer.status).toBe(413);
      expect(answer.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({ message: MSG.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    });
  });
});

describe('integration rate limit', () => {
  it('limits each key on its own', async () => {
    const limited = await createTestApp({ INTEGRATION_REQUESTS_PER_MINUTE: '2' });
    try {
      const a = (await createTestKey(limited.db, 'A', ['import:articles'])).key;
      const b = (await createTestKey(limited.db, 'B', ['import:articles'])).key;
      const send = (key: string) =>
        limited.app.inject({
          method: 'PUT',
          url: '/api/integration/v1/articles',
          headers: { 'content-type': 'application/json', ...withKey(key) },
          payload: '[]',
        });
      expect((await send(a)).statusCode).toBe(200);
      expect((await send(a)).statusCode).toBe(200);
      const third = await send(a);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: MSG.tooManyRequests, code: 'RATE_LIMITED' });
      expect((await send(b)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
