-- What each device last reported (POST /api/v1/devices/report): one row per device, replaced by every report,
-- so the admin sees devices that hold changes no one has sent (waiting) or the server refused (set aside).
create table device_status (
  device_id text primary key,
  user_id integer not null references app_user (id) on delete cascade,
  -- The session's firma and vkforg at the last contact: an admin sees only devices of firmas they hold.
  firma_id integer not null,
  vkforg_id integer not null,
  last_contact_at timestamptz not null default now(),
  app_version text not null,
  waiting integer not null check (waiting >= 0),
  set_aside integer not null check (set_aside >= 0),
  cache_refreshed_at timestamptz,
  user_agent text not null default ''
);
create index device_status_firma_idx on device_status (firma_id, last_contact_at);
