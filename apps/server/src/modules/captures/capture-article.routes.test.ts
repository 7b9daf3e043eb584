import { CAPTURE_MSG, MSG } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { FX, insertFixtures } from '../../test/capture-fixtures';
import { as, DEMO, EXTERN, FILIALE, HUGE, loginAs, useTestApp } from '../../test/test-app';

const t = useTestApp({ prepare: (t) => insertFixtures(t.db) });
const demo = t.login(DEMO);

const base = '/api/v1/captures';

describe('article facts for the capture screen', () => {
  it('starts an order in the supplier order unit and proposes a quantity (stock 3, target 20, open 5, unit 6 → 12)', async () => {
    const res = await demo({ method: 'GET', url: `${base}/order-proposal/articles/${FX.milk}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      idartstamm: FX.milk,
      number: 'T900001',
      designation1: 'Testmilch 1 l',
      baseUnit: 'Stück',
      units: [
        { unit: 'Stück', factor: 1 },
        { unit: 'Karton', factor: 6 },
      ],
      defaultUnit: 'Karton',
      supplier: { id: FX.s1, name: 'Testmolkerei Nord', minimum: 6, orderUnit: 'Karton', orderFactor: 6 },
      supplierIds: [FX.s1],
      proposal: { proposal: 12, orderUnits: 2 },
    });
  });

  it('counts in the base unit and has no proposal outside the order proposal', async () => {
    const res = await demo({ method: 'GET', url: `${base}/inventory-count/articles/${FX.milk}` });
    expect(res.json()).toMatchObject({ defaultUnit: 'Stück', proposal: null });
  });

  it('does not show another firma’s article, nor an unknown one', async () => {
    for (const id of [FX.firma2, 999_999_999]) {
      const res = await demo({ method: 'GET', url: `${base}/ordering/articles/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CAPTURE_MSG.unknownArticle);
    }
  });

  it('refuses a malformed id with a German message', async () => {
    for (const id of ['abc', '-1', '1.5', HUGE.slice(0, 500)]) {
      const res = await demo({ method: 'GET', url: `${base}/ordering/articles/${id}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.badRequest);
    }
  });

  it('needs the module permission and a session', async () => {
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    expect((await filiale({ method: 'GET', url: `${base}/ordering/articles/${FX.milk}` })).statusCode).toBe(403);
    expect((await filiale({ method: 'GET', url: `${base}/inventory-count/articles/${FX.milk}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${base}/inventory-count/articles/${FX.milk}` })).statusCode).toBe(
      401,
    );
  });
});

describe('supplier search (Retouren)', () => {
  it('finds by number first, then by name, only in the own firma', async () => {
    const byNumber = (await demo({ method: 'GET', url: `${base}/suppliers?q=T-S2` })).json();
    expect(byNumber[0]).toEqual({ id: FX.s2, number: 'T-S2', name: 'Testkelterei' });
    const byName = (await demo({ method: 'GET', url: `${base}/suppliers?q=testmolk` })).json();
    expect(byName).toEqual([{ id: FX.s1, number: 'T-S1', name: 'Testmolkerei Nord' }]);
    const otherFirma = (
      await demo({ method: 'GET', url: `${base}/suppliers?q=${encodeURIComponent('Süd-Lief')}` })
    ).json();
    expect(otherFirma).toEqual([]);
  });

  it('treats % and _ as plain characters', async () => {
    expect((await demo({ method: 'GET', url: `${base}/suppliers?q=%25` })).json()).toEqual([]);
  });

  it('refuses unknown parameters and overlong text; needs a capture permission', async () => {
    const unknown = await demo({ method: 'GET', url: `${base}/suppliers?q=a&x=1` });
    expect(unknown.statusCode).toBe(400);
    const long = await demo({ method: 'GET', url: `${base}/suppliers?q=${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.badRequest);
    const extern = as(t.app, await loginAs(t.app, EXTERN));
    expect((await extern({ method: 'GET', url: `${base}/suppliers?q=a` })).statusCode).toBe(403);
  });
});
