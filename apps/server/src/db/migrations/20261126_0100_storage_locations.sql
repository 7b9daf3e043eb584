-- Lagerplatz-Artikel: a location's zone, kind and barcode, and optimistic concurrency for its
-- assignments (an edit names the version it started from; a stale one is refused, never overwrites).
alter table storage_location
  add column zone text not null default '',
  add column location_type text not null default 'shelf' check (location_type in ('shelf', 'pallet', 'cold')),
  add column barcode text;
create unique index storage_location_barcode_idx on storage_location(firma_id, barcode) where barcode is not null;

alter table article_location
  add column version integer not null default 1,
  add column updated_at timestamptz not null default now();

-- Locations written before this migration get the same zone, kind and barcode the seed gives new ones.
update storage_location sl
set zone = 'Gang ' || split_part(sl.code, '-', 1),
    location_type = case w.number when 'L01' then 'shelf' when 'L03' then 'cold' else 'pallet' end,
    barcode = 'LP' || lpad(sl.id::text, 8, '0')
from warehouse w
where w.id = sl.warehouse_id and sl.barcode is null;

-- A change sent again by a device's outbox (lost answer, retry) is applied once: the first answer is kept.
create table storage_location_change (
  firma_id integer not null,
  user_id integer not null,
  change_key text not null,
  request_hash text not null,
  status integer not null,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (firma_id, user_id, change_key)
);
create index storage_location_change_created_idx on storage_location_change(created_at);
