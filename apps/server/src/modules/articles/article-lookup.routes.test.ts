import { articleLookupSchema, buildGs1, GS, makeInStoreEan, withCheckDigit } from '@mde/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '../../seed/article-generator';
import { as, DEMO, FILIALE, loginAs, useTestApp } from '../../test/test-app';

const { milk, appleJuice, mints, peanutButter, gouda, sausage } = DEMO_ARTICLES;
const breakCheckDigit = (code: string) => `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;

const t = useTestApp();
const demo = t.login(DEMO);
const lookup = (code: string) => demo({ method: 'GET', url: `/api/v1/articles/lookup/${encodeURIComponent(code)}` });

describe('GET /api/v1/articles/lookup/:code', () => {
  it('finds an article by each of its EAN-13s with the base unit', async () => {
    for (const code of [milk.ean13, milk.secondEan13]) {
      const res = await lookup(code);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        article: { idartstamm: milk.idartstamm, number: milk.number, mainEan: milk.ean13, priceCents: milk.priceCents },
        unit: 'Stück',
        factor: 1,
        quantity: 1,
        matchedBy: 'gtin',
      });
    }
  });

  it('answers a case code (GTIN-14) with the pack unit and factor', async () => {
    const res = await lookup(milk.caseCode);
    expect(res.json()).toMatchObject({
      article: { idartstamm: milk.idartstamm },
      unit: 'Karton',
      factor: 12,
      quantity: 1,
    });
    expect((await lookup(appleJuice.caseCode)).json()).toMatchObject({ unit: 'Karton', factor: 6 });
  });

  it('finds EAN-8, UPC-A as 12 and as 13 digits, and UPC-E', async () => {
    expect((await lookup(mints.ean8)).json().article.idartstamm).toBe(mints.idartstamm);
    for (const code of [peanutButter.upcA, `0${peanutButter.upcA}`, peanutButter.upcE]) {
      const res = await lookup(code);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ article: { idartstamm: peanutButter.idartstamm }, matchedBy: 'gtin' });
    }
  });

  it('finds by article number', async () => {
    expect((await lookup(appleJuice.number)).json()).toMatchObject({
      article: { idartstamm: appleJuice.idartstamm },
      matchedBy: 'article-number',
    });
  });

  it('finds an article number that reads as a GTIN, unless an article carries that GTIN', async () => {
    // Article numbers are free text; some firms number articles with EAN-shaped digits.
    const gtinShaped = withCheckDigit('4711001');
    await sql`update article set number = ${gtinShaped} where id = ${appleJuice.idartstamm}`.execute(t.db);
    await sql`update article set number = ${mints.ean8} where id = ${gouda.idartstamm}`.execute(t.db);
    try {
      expect((await lookup(gtinShaped)).json()).toMatchObject({
        article: { idartstamm: appleJuice.idartstamm },
        matchedBy: 'article-number',
      });
      // The mints carry this EAN-8 as their code: the code wins over the gouda's article number.
      expect((await lookup(mints.ean8)).json()).toMatchObject({
        article: { idartstamm: mints.idartstamm },
        matchedBy: 'gtin',
      });
    } finally {
      await sql`update article set number = ${appleJuice.number} where id = ${appleJuice.idartstamm}`.execute(t.db);
      await sql`update article set number = ${gouda.number} where id = ${gouda.idartstamm}`.execute(t.db);
    }
  });

  it('sends the scans of a database server on the connections that force generic plans (PostgreSQL)', async (ctx) => {
    if (!t.databaseUrl) return ctx.skip();
    expect((await lookup(milk.ean13)).statusCode).toBe(200);
    const { rows } = await sql<{ query: string }>`select query from pg_stat_activity
      where datname = current_database() and application_name = 'mde generic plans'`.execute(t.db);
    expect(rows.map((r) => r.query)).toContainEqual(expect.stringContaining('join article_summary s'));
  });

  it('reads weight and price from in-store EANs', async () => {
    const weight = await lookup(makeInStoreEan('weight', gouda.plu, 1250));
    expect(weight.json()).toMatchObject({
      article: { idartstamm: gouda.idartstamm },
      unit: 'kg',
      quantity: 1.25,
      weightGrams: 1250,
      priceCents: Math.round(1.25 * gouda.priceCents),
      matchedBy: 'weight-ean',
    });
    const price = await lookup(makeInStoreEan('price', sausage.plu, 495));
    expect(price.json()).toMatchObject({
      article: { idartstamm: sausage.idartstamm },
      priceCents: 495,
      matchedBy: 'price-ean',
    });
    expect(price.json().weightGrams).toBe(Math.round((495 / sausage.priceCents) * 1000));
  });

  it('reads GS1 element strings with FNC1: article, batch, expiry, count', async () => {
    const raw = `]C101${milk.caseCode}10L2611-7${GS}17270315${'30'}4`;
    const res = await lookup(raw);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      article: { idartstamm: milk.idartstamm },
      unit: 'Karton',
      factor: 12,
      quantity: 4,
      gs1: { batch: 'L2611-7', expiry: '2027-03-15', count: 4 },
      matchedBy: 'gs1',
    });
    const contained = buildGs1([
      { ai: '00', value: withCheckDigit('34012345000000001') },
      { ai: '02', value: `0${milk.ean13}` },
      { ai: '37', value: '48' },
    ]);
    expect((await lookup(`]d2${contained}`)).json()).toMatchObject({
      unit: 'Stück',
      quantity: 48,
      gs1: { containedCount: 48 },
    });
  });

  it('reports a wrong check digit as 422 instead of matching', async () => {
    for (const code of [
      breakCheckDigit(milk.ean13),
      breakCheckDigit(milk.caseCode),
      `01${breakCheckDigit(milk.caseCode)}`,
    ]) {
      const res = await lookup(code);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        message: 'Prüfziffer ungültig – bitte erneut scannen',
        code: 'CHECK_DIGIT_INVALID',
      });
    }
    expect((await lookup(`01${milk.caseCode}99X`)).statusCode).toBe(422);
  });

  it('answers 404 for unknown codes and 400 for a blank code', async () => {
    const unknown = await lookup(withCheckDigit('400000000000'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Artikel nicht gefunden');
    expect((await lookup('gibt-es-nicht')).statusCode).toBe(404);
    const blank = await lookup('  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Die Anfrage ist ungültig');
    expect((await lookup('1'.repeat(99))).statusCode).toBe(404);
    expect((await lookup('A'.repeat(100))).statusCode).toBe(404);
  });

  it('answers scans that arrive together (one statement) each exactly as it answers them alone', async () => {
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    const codes = [
      milk.ean13,
      milk.caseCode,
      appleJuice.number,
      mints.ean8,
      peanutButter.upcE,
      withCheckDigit('400000000000'),
      appleJuice.caseCode,
    ];
    const ask = (user: typeof demo, code: string) => user({ method: 'GET', url: `/api/v1/articles/lookup/${code}` });
    const answer = (r: Awaited<ReturnType<typeof demo>>) => ({ status: r.statusCode, body: r.json() });
    const alone = [];
    for (const code of codes) alone.push(answer(await ask(demo, code)), answer(await ask(filiale, code)));
    const together = await Promise.all(codes.flatMap((code) => [ask(demo, code), ask(filiale, code)]));
    expect(together.map(answer)).toEqual(alone);
    expect(alone.filter((a) => a.status === 200).length).toBeGreaterThan(8);
  });

  it('answers every kind of code in exactly the contract shape (the route writes answers unchecked)', async () => {
    const codes = [
      milk.ean13,
      milk.caseCode,
      mints.ean8,
      peanutButter.upcE,
      appleJuice.number,
      makeInStoreEan('weight', gouda.plu, 1250),
      makeInStoreEan('price', sausage.plu, 495),
      `]C101${milk.caseCode}10L2611-7${GS}17270315${'30'}4`,
    ];
    const kinds = new Set<string>();
    for (const code of codes) {
      const res = await lookup(code);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // parse drops unknown keys and refuses wrong types, so equality means nothing more and nothing else.
      expect(articleLookupSchema.parse(body)).toEqual(body);
      kinds.add(body.matchedBy);
    }
    expect([...kinds].sort()).toEqual(['article-number', 'gs1', 'gtin', 'price-ean', 'weight-ean']);
  });

  it('is open to capture permissions and closed without a session', async () => {
    const filiale = as(t.app, await loginAs(t.app, FILIALE));
    expect((await filiale({ method: 'GET', url: `/api/v1/articles/lookup/${milk.ean13}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/articles/lookup/${milk.ean13}` })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/articles (search)', () => {
  const search = (q: string, extra = '') =>
    demo({ method: 'GET', url: `/api/v1/articles?q=${encodeURIComponent(q)}${extra}` });

  it('ranks the exact code first, then exact number, prefix and text', async () => {
    const byCode = (await search(milk.ean13)).json();
    expect(byCode.items[0].idartstamm).toBe(milk.idartstamm);
    const byNumber = (await search(milk.number)).json();
    expect(byNumber.items[0].idartstamm).toBe(milk.idartstamm);
    const text = (await search('milch')).json();
    expect(text.items.length).toBeGreaterThan(1);
    for (const item of text.items)
      expect(`${item.number} ${item.designation1} ${item.designation2}`.toLowerCase()).toContain('milch');
    const prefix = (await search('Bio-Vollmilch')).json();
    expect(prefix.items[0].idartstamm).toBe(milk.idartstamm);
  });

  it('matches all words and escapes LIKE wildcards', async () => {
    const res = (await search('apfelsaft trüb')).json();
    expect(res.items.map((i: { idartstamm: number }) => i.idartstamm)).toContain(appleJuice.idartstamm);
    expect((await search('%milch%zzz')).json().items).toEqual([]);
  });

  it('pages with hasMore and returns the summary fields', async () => {
    const first = (await search('', '&pageSize=5')).json();
    expect(first.items).toHaveLength(5);
    expect(first.hasMore).toBe(true);
    expect(first.items[0]).toMatchObject({ idartstamm: 1, baseUnit: 'Stück', mainEan: milk.ean13 });
    expect(first.items[0].stockTotal).toBeGreaterThan(0);
    const second = (await search('', '&pageSize=5&page=2')).json();
    expect(second.items[0].idartstamm).not.toBe(first.items[0].idartstamm);
  });

  it('refuses bad paging with a German 400', async () => {
    for (const extra of ['&page=0', '&pageSize=1000', '&page=abc', '&unknown=1']) {
      const res = await search('milch', extra);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTypeOf('string');
    }
    expect((await search('x'.repeat(10_240))).statusCode).toBe(400);
  });
});
