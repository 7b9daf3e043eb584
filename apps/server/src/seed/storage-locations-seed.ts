import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Lagerplatz-Artikel demo data on top of the article seed (which places every listed article on one
 * sales-floor shelf): each location gets its zone, kind and barcode; every third article also gets a
 * pallet place in the back store; every eleventh sits below its minimum, so the list has work to show.
 */
export async function seedStorageLocations(db: Db) {
  await sql`
    update storage_location sl
    set zone = 'Gang ' || split_part(sl.code, '-', 1),
        location_type = case w.number when 'L01' then 'shelf' when 'L03' then 'cold' else 'pallet' end,
        barcode = 'LP' || lpad(sl.id::text, 8, '0')
    from warehouse w
    where w.id = sl.warehouse_id and sl.barcode is null`.execute(db);
  await sql`
    with pallet as (
      select s.id, s.vkforg_id,
             row_number() over (partition by s.vkforg_id order by s.id) - 1 as n,
             count(*) over (partition by s.vkforg_id) as total
      from storage_location s
      where s.location_type = 'pallet')
    insert into article_location (firma_id, location_id, article_id, quantity, min_quantity, max_quantity)
    select al.firma_id, p.id, al.article_id, al.max_quantity * 2, al.max_quantity, al.max_quantity * 4
    from article_location al
    join storage_location sl on sl.id = al.location_id and sl.location_type = 'shelf'
    join pallet p on p.vkforg_id = sl.vkforg_id and p.n = al.article_id % p.total
    where al.article_id % 3 = 0
    on conflict do nothing`.execute(db);
  await sql`
    update article_location set quantity = floor(min_quantity / 2)
    where article_id % 11 = 0 and min_quantity > 0`.execute(db);
}
