-- A device names itself from its platform with each report ("Pixel 7 (Android)"), so the admin's list shows
-- more than an id; an admin may give it a name of their own, kept per firma (one handheld may serve users of
-- two firmas, and neither firma's admin names it for the other) until they clear it.
alter table device_status add column platform_name text not null default '';
create table device_name (
  device_id text not null,
  firma_id integer not null,
  name text not null,
  primary key (device_id, firma_id)
);
