-- Read model for the hot path of every scan: one row per article and vkforg it is listed in, holding what a
-- lookup answers (master fields, main code of the base unit, scale-1 price, stock total of the vkforg).
-- Computed on every scan, the three subqueries cost more than the code probe itself: measured with pgbench on
-- 1,000,000 articles (PostgreSQL 15, 2 cores), a batch of 24 scans took 0.34–0.39 ms from this table against
-- 0.75–0.95 ms computed. A row exists exactly while the article is listed in the vkforg.
create table article_summary (
  article_id integer not null,
  vkforg_id integer not null,
  firma_id integer not null,
  number text not null,
  designation1 text not null,
  designation2 text not null,
  department text not null,
  base_unit text not null,
  scale_plu text,
  main_code text,
  price_cents integer,
  stock_total numeric,
  primary key (article_id, vkforg_id)
);

-- The one definition of a summary row, from the tables it summarises.
create view article_summary_source as
select a.id as article_id, l.vkforg_id, a.firma_id, a.number, a.designation1, a.designation2, a.department,
       a.base_unit, a.scale_plu,
       (select c.code_type || ':' || c.gtin14 from article_code c
         where c.article_id = a.id and c.unit = a.base_unit order by c.code_type, c.gtin14 limit 1) as main_code,
       (select p.price_cents from article_price p
         where p.article_id = a.id and p.vkforg_id = l.vkforg_id and p.scale = 1) as price_cents,
       (select sum(s.quantity) from article_stock s
         where s.article_id = a.id and s.vkforg_id = l.vkforg_id) as stock_total
  from article_listing l
  join article a on a.id = l.article_id;

-- Rows of articles that have none yet (bulk loads: the seed calls it per batch of new articles).
create function article_summary_fill(p_ids integer[]) returns void language sql as $$
  insert into article_summary select * from article_summary_source where article_id = any(p_ids);
$$;

-- Recomputes the rows of the given articles. The article rows are locked first, so two transactions that
-- change the same article (one its stock, one its price) take turns: the second recomputes after the first
-- committed, and its statements (read committed) then see both changes. Without the lock each would write a
-- row computed without the other's change, and the last to commit would win with stale data.
create function article_summary_refresh(p_ids integer[]) returns void language plpgsql as $$
begin
  perform 1 from article where id = any(p_ids) order by id for no key update;
  delete from article_summary where article_id = any(p_ids);
  perform article_summary_fill(p_ids);
end $$;

-- Bulk loads (the seed) switch the triggers off for their transaction with
-- set_config('mde.article_summary_deferred', 'on', true) and fill the rows themselves.
create function article_summary_deferred() returns boolean language sql stable as $$
  select coalesce(current_setting('mde.article_summary_deferred', true), '') = 'on';
$$;

create function article_summary_on_insert() returns trigger language plpgsql as $$
begin
  if not article_summary_deferred() then
    perform article_summary_refresh(array(select distinct article_id from new_rows));
  end if;
  return null;
end $$;
create function article_summary_on_update() returns trigger language plpgsql as $$
begin
  if not article_summary_deferred() then
    perform article_summary_refresh(array(select article_id from old_rows union select article_id from new_rows));
  end if;
  return null;
end $$;
create function article_summary_on_delete() returns trigger language plpgsql as $$
begin
  if not article_summary_deferred() then
    perform article_summary_refresh(array(select distinct article_id from old_rows));
  end if;
  return null;
end $$;
-- The article itself: only when a summarised field changed, since every change to its codes, prices or stock
-- also stamps its updated_at (migration 0010). A new article is listed nowhere yet, and a deleted one has
-- lost its listing (foreign key) and with it its rows.
create function article_summary_on_article_update() returns trigger language plpgsql as $$
declare
  changed integer[];
begin
  if article_summary_deferred() then return null; end if;
  changed := array(
    select n.id from new_rows n join old_rows o on o.id = n.id
     where (n.firma_id, n.number, n.designation1, n.designation2, n.department, n.base_unit, n.scale_plu)
           is distinct from (o.firma_id, o.number, o.designation1, o.designation2, o.department, o.base_unit, o.scale_plu));
  if cardinality(changed) > 0 then
    perform article_summary_refresh(changed);
  end if;
  return null;
end $$;

create trigger article_summary_upd after update on article referencing old table as old_rows new table as new_rows
  for each statement execute function article_summary_on_article_update();
create trigger article_summary_ins after insert on article_code referencing new table as new_rows
  for each statement execute function article_summary_on_insert();
create trigger article_summary_upd after update on article_code referencing old table as old_rows new table as new_rows
  for each statement execute function article_summary_on_update();
create trigger article_summary_del after delete on article_code referencing old table as old_rows
  for each statement execute function article_summary_on_delete();
create trigger article_summary_ins after insert on article_listing referencing new table as new_rows
  for each statement execute function article_summary_on_insert();
create trigger article_summary_upd after update on article_listing referencing old table as old_rows new table as new_rows
  for each statement execute function article_summary_on_update();
create trigger article_summary_del after delete on article_listing referencing old table as old_rows
  for each statement execute function article_summary_on_delete();
create trigger article_summary_ins after insert on article_price referencing new table as new_rows
  for each statement execute function article_summary_on_insert();
create trigger article_summary_upd after update on article_price referencing old table as old_rows new table as new_rows
  for each statement execute function article_summary_on_update();
create trigger article_summary_del after delete on article_price referencing old table as old_rows
  for each statement execute function article_summary_on_delete();
create trigger article_summary_ins after insert on article_stock referencing new table as new_rows
  for each statement execute function article_summary_on_insert();
create trigger article_summary_upd after update on article_stock referencing old table as old_rows new table as new_rows
  for each statement execute function article_summary_on_update();
create trigger article_summary_del after delete on article_stock referencing old table as old_rows
  for each statement execute function article_summary_on_delete();

-- The articles already there.
insert into article_summary select * from article_summary_source;

-- The lookup of migration 20261122_0003, reading the summary instead of computing it (replacing a function
-- resets its settings, so the generic plan is forced here again).
create or replace function article_lookup_batch(
  p_code_req integer[], p_code_firma integer[], p_code_vkforg integer[], p_gtins text[],
  p_number_req integer[], p_number_firma integer[], p_number_vkforg integer[], p_numbers text[]
)
returns table (
  req integer, id integer, number text, designation1 text, designation2 text, department text, base_unit text,
  scale_plu text, main_code text, price_cents integer, stock_total numeric,
  gtin14 text, code_unit text, code_factor numeric
) language plpgsql stable set plan_cache_mode = force_generic_plan as $$
begin
  return query
  select m.req, s.article_id, s.number, s.designation1, s.designation2, s.department, s.base_unit, s.scale_plu,
         s.main_code, s.price_cents, s.stock_total, m.gtin14, m.unit, m.factor
    from (select g.req, g.firma, g.vkforg, c.article_id, c.gtin14, c.unit, c.factor
            from unnest(p_code_req, p_code_firma, p_code_vkforg, p_gtins) as g(req, firma, vkforg, gtin)
            join article_code c on c.firma_id = g.firma and c.gtin14 = g.gtin
          union all
          select n.req, n.firma, n.vkforg, x.id, null::text, null::text, null::numeric
            from unnest(p_number_req, p_number_firma, p_number_vkforg, p_numbers) as n(req, firma, vkforg, num)
            join article x on x.firma_id = n.firma and x.number = n.num) m
    join article_summary s on s.article_id = m.article_id and s.vkforg_id = m.vkforg and s.firma_id = m.firma;
end $$;
