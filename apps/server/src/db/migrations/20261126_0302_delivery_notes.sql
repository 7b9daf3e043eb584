-- Lieferscheine: counting and booking of goods receipts. Counts are kept per receipt and article in base
-- units (several users count one delivery note together: a scan adds to the stored figure, so nobody's
-- count is lost); every change carries a client id and is applied once; booking records what was booked
-- against what the note said.
alter table goods_receipt add column warehouse_id integer references warehouse(id);
alter table goods_receipt add column booked_at timestamptz;
alter table goods_receipt add column booked_by integer references app_user(id);
alter table goods_receipt add column booked_change_id text;

create table goods_receipt_count (
  receipt_id bigint not null references goods_receipt(id) on delete cascade,
  article_id integer not null references article(id),
  firma_id integer not null references firma(id),
  counted numeric(12, 3) not null default 0 check (counted >= 0),
  updated_by integer references app_user(id),
  updated_at timestamptz not null default now(),
  primary key (receipt_id, article_id)
);

create table goods_receipt_change (
  receipt_id bigint not null references goods_receipt(id) on delete cascade,
  change_id text not null,
  user_id integer not null references app_user(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (receipt_id, change_id)
);

create table goods_receipt_booking_line (
  receipt_id bigint not null references goods_receipt(id) on delete cascade,
  article_id integer not null references article(id),
  firma_id integer not null references firma(id),
  -- Base units: what the note said, what was booked into stock, booked − expected.
  expected numeric(12, 3) not null,
  booked numeric(12, 3) not null,
  difference numeric(12, 3) not null,
  primary key (receipt_id, article_id)
);
