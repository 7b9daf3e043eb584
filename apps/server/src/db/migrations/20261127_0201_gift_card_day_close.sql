-- The gift-card day close: one row per vkforg and store day whose "Tagesabschluss" notifications were written.
-- The row is claimed in the transaction that writes them, so N instances (and a restart) produce them once.
create table gift_card_day_close (
  vkforg_id integer not null references vkforg(id),
  day date not null,
  created_at timestamptz not null default now(),
  primary key (vkforg_id, day)
);
