import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { CaptureDatabase } from './capture-db';

const name = 'module-keys-upgrade-test';
afterEach(() => Dexie.delete(name));

/** The device's database as the previous release left it: version 3, modules keyed by their route. */
async function writeVersion3() {
  const old = new Dexie(name);
  old.version(3).stores({
    lines:
      '&clientId, [owner+module+vkforgId], [owner+module+vkforgId+articleId], [owner+module+vkforgId+listOrder], [owner+state]',
    headers: '&key',
    outbox: '++id, owner, clientId',
    rejected: '++id, owner',
    exports: '&exportKey, [owner+module+vkforgId], [owner+state]',
    articles: '[module+vkforgId+idartstamm]',
    unresolved: '++id, [owner+module+vkforgId]',
    device: '&key',
  });
  const scope = { owner: 7, module: 'mde-inventur', vkforgId: 11 };
  await old.table('lines').add({ ...scope, clientId: 'l1', listOrder: -1, state: 'pending', articleId: 5 });
  await old.table('headers').add({ ...scope, key: '7:mde-inventur:11', header: { lager: 1101 } });
  await old.table('outbox').add({ ...scope, kind: 'upsert-line', clientId: 'l1', payload: {}, seq: 3 });
  await old.table('rejected').add({ ...scope, module: 'mde-retouren', kind: 'upsert-line', clientId: 'l2' });
  await old.table('exports').add({
    ...scope,
    module: 'mde-bestellung',
    exportKey: 'exp-1',
    state: 'done',
    result: { captureId: 1, documents: [{ id: 1, module: 'mde-bestellung', number: 'BE-2026-000001' }] },
    header: { ...scope, module: 'mde-bestellung', key: '7:mde-bestellung:11' },
  });
  await old.table('articles').add({ module: 'mde-bestellvorschlag', vkforgId: 11, idartstamm: 5 });
  await old.table('unresolved').add({ ...scope, module: 'mde-artikelvorrat', code: '4000000000000' });
  old.close();
}

describe('capture database upgrade to glossary module keys', () => {
  it('moves every captured row of the route-keyed release to the new keys and loses none', async () => {
    await writeVersion3();
    const db = new CaptureDatabase(name);
    expect(await db.lines.get('l1')).toMatchObject({ module: 'inventory-count', state: 'pending' });
    expect(await db.headers.get('7:inventory-count:11')).toMatchObject({ module: 'inventory-count' });
    expect(await db.headers.count()).toBe(1);
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ module: 'inventory-count', seq: 3 })]);
    expect((await db.rejected.toArray())[0]?.module).toBe('returns');
    const exported = await db.exports.get('exp-1');
    expect(exported?.module).toBe('ordering');
    expect(exported?.result?.documents[0]?.module).toBe('ordering');
    expect(exported?.header?.module).toBe('ordering');
    expect(await db.articles.toArray()).toEqual([expect.objectContaining({ module: 'order-proposal' })]);
    expect((await db.unresolved.toArray())[0]?.module).toBe('article-stock');
    db.close();
  });
});
