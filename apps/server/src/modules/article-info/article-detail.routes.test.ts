import { ARTICLE_SECTIONS } from '@mde/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLES, FIRMA2_ID_START } from '../../seed/article-generator';
import { as, DEMO, EXTERN, FILIALE, loginAs, useTestApp } from '../../test/test-app';

const { milk, gingerbread } = DEMO_ARTICLES;
const t = useTestApp();
const demo = t.login(DEMO);

describe('article detail', () => {
  it('returns every section of an article', async () => {
    const res = await demo({ method: 'GET', url: `/api/v1/articles/${milk.idartstamm}` });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.general).toMatchObject({ number: milk.number, designation1: milk.designation1, baseUnit: 'Stück' });
    expect(detail.general.codes.map((c: { code: string }) => c.code)).toEqual(
      expect.arrayContaining([milk.ean13, milk.secondEan13, milk.caseCode]),
    );
    expect(detail.general.listings.map((l: { vkforgId: number; listed: boolean }) => [l.vkforgId, l.listed])).toEqual([
      [11, true],
      [12, true],
    ]);
    expect(detail.prices[0]).toMatchObject({
      scale: 1,
      minQuantity: 1,
      unit: 'Stück',
      per: 1,
      priceCents: milk.priceCents,
    });
    expect(detail.prices[1]).toMatchObject({ scale: 2, minQuantity: 12 });
    expect(detail.stock.warehouses.map((w: { warehouseId: number }) => w.warehouseId)).toEqual([1101, 1102, 1103]);
    expect(detail.stock.total.orderQuantityTotal).toBeGreaterThan(0);
    expect(detail.units.map((u: { unit: string; factor: number }) => [u.unit, u.factor])).toEqual([
      ['Stück', 1],
      ['Karton', 12],
      ['Palette', 960],
    ]);
    expect(detail.locations[0].code).toMatch(/^[0-9]{2}-[0-9]{2}-[0-9]$/);
    expect(detail.suppliers.length).toBeGreaterThan(0);
    expect(detail.suppliers[0].isMain).toBe(true);
    expect(detail.openOrders[0]).toMatchObject({ unit: 'Karton' });
    expect(detail.turnover).toHaveLength(12);
    const [newest] = detail.turnover;
    expect(newest.previousYearAmountCents).toBeTypeOf('number');
    expect(Number(newest.month.slice(0, 4)) * 12 + Number(newest.month.slice(5))).toBeGreaterThan(
      Number(detail.turnover[11].month.slice(0, 4)) * 12 + Number(detail.turnover[11].month.slice(5)),
    );
  });

  it('serves each section on its own, equal to the full detail', async () => {
    const full = (await demo({ method: 'GET', url: `/api/v1/articles/${milk.idartstamm}` })).json();
    const key = (section: string) => (section === 'open-orders' ? 'openOrders' : section);
    for (const section of ARTICLE_SECTIONS) {
      const res = await demo({ method: 'GET', url: `/api/v1/articles/${milk.idartstamm}/${section}` });
      expect(res.statusCode, section).toBe(200);
      expect(res.json()).toEqual(full[key(section)]);
    }
    expect((await demo({ method: 'GET', url: `/api/v1/articles/${milk.idartstamm}/unbekannt` })).statusCode).toBe(404);
  });

  it('answers 404 for unknown or unlisted ids and 400 for malformed ids', async () => {
    for (const id of ['999999', String(FIRMA2_ID_START)]) {
      const res = await demo({ method: 'GET', url: `/api/v1/articles/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Artikel nicht gefunden');
    }
    for (const id of ['abc', '-1', '1.5', '99999999999']) {
      const res = await demo({ method: 'GET', url: `/api/v1/articles/${id}/prices` });
      expect(res.statusCode, id).toBe(400);
    }
  });
});

describe('permissions and isolation', () => {
  it('lets extern (ARTIKELINFO, vkforg 12) see its listed articles only', async () => {
    const extern = as(t.app, await loginAs(t.app, EXTERN));
    expect((await extern({ method: 'GET', url: `/api/v1/articles/${milk.idartstamm}` })).statusCode).toBe(200);
    expect((await extern({ method: 'GET', url: `/api/v1/articles/${gingerbread.idartstamm}` })).statusCode).toBe(404);
    expect((await extern({ method: 'GET', url: `/api/v1/articles/lookup/${gingerbread.ean13}` })).statusCode).toBe(404);
    expect((await demo({ method: 'GET', url: `/api/v1/articles/${gingerbread.idartstamm}` })).statusCode).toBe(200);
  });

  it('opens lookup to a capture permission but keeps Artikel-Info closed without ARTIKELINFO', async () => {
    await sql`delete from user_permission where permission = 'ARTIKELINFO'
      and user_id = (select id from app_user where username = 'filiale')`.execute(t.db);
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    expect((await filiale({ method: 'GET', url: `/api/v1/articles/lookup/${milk.ean13}` })).statusCode).toBe(200);
    for (const url of [
      '/api/v1/articles?q=milch',
      `/api/v1/articles/${milk.idartstamm}`,
      '/api/v1/articles/cache',
      '/api/v1/articles/favorite-lists',
    ]) {
      const res = await filiale({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Sie haben keine Berechtigung für diese Aktion');
    }
  });

  it('keeps firma 1 and firma 2 apart after a context change', async () => {
    const user = as(t.app, await loginAs(t.app, DEMO));
    expect((await user({ method: 'GET', url: `/api/v1/articles/${FIRMA2_ID_START}` })).statusCode).toBe(404);
    const switched = await user({ method: 'PATCH', url: '/api/v1/security/user/context', payload: { vkforgid: 21 } });
    expect(switched.statusCode).toBe(200);
    const lookup = (await user({ method: 'GET', url: `/api/v1/articles/lookup/${milk.ean13}` })).json();
    expect(lookup.article.idartstamm).toBe(FIRMA2_ID_START);
    expect((await user({ method: 'GET', url: `/api/v1/articles/${milk.idartstamm}` })).statusCode).toBe(404);
    expect((await user({ method: 'GET', url: `/api/v1/articles/${FIRMA2_ID_START}` })).statusCode).toBe(200);
    const search = (await user({ method: 'GET', url: '/api/v1/articles?pageSize=100' })).json();
    for (const item of search.items) expect(item.idartstamm).toBeGreaterThanOrEqual(FIRMA2_ID_START);
    // The context belongs to the user, so switch back for whoever runs next.
    await user({ method: 'PATCH', url: '/api/v1/security/user/context', payload: { vkforgid: 11 } });
    expect((await user({ method: 'GET', url: `/api/v1/articles/${FIRMA2_ID_START}` })).statusCode).toBe(404);
  });
});
