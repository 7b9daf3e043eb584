-- A delisted article (the ERP's complete file no longer holds it: `npm run import -- articles --full`) is no
-- longer sold: it leaves the read model every scan and search reads, so no device finds it any more. Its rows
-- come back when an import lists it again (the import clears delisted_at). Old documents keep pointing at it.
create or replace view article_summary_source as
select a.id as article_id, l.vkforg_id, a.firma_id, a.number, a.designation1, a.designation2, a.department,
       a.base_unit, a.scale_plu,
       (select c.code_type || ':' || c.gtin14 from article_code c
         where c.article_id = a.id and c.unit = a.base_unit order by c.code_type, c.gtin14 limit 1) as main_code,
       (select p.price_cents from article_price p
         where p.article_id = a.id and p.vkforg_id = l.vkforg_id and p.scale = 1) as price_cents,
       (select sum(s.quantity) from article_stock s
         where s.article_id = a.id and s.vkforg_id = l.vkforg_id) as stock_total
  from article_listing l
  join article a on a.id = l.article_id
 where a.delisted_at is null;

-- Delisting and listing again change an article's rows like a change of a summarised field does.
create or replace function article_summary_on_article_update() returns trigger language plpgsql as $$
declare
  changed integer[];
begin
  if article_summary_deferred() then return null; end if;
  changed := array(
    select n.id from new_rows n join old_rows o on o.id = n.id
     where (n.firma_id, n.number, n.designation1, n.designation2, n.department, n.base_unit, n.scale_plu,
            n.delisted_at is null)
           is distinct from (o.firma_id, o.number, o.designation1, o.designation2, o.department, o.base_unit,
            o.scale_plu, o.delisted_at is null));
  if cardinality(changed) > 0 then
    perform article_summary_refresh(changed);
  end if;
  return null;
end $$;

delete from article_summary s using article a where a.id = s.article_id and a.delisted_at is not null;
