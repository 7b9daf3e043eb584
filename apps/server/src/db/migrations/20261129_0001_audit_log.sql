-- The audit log: every admin change and every security event (login lock, a key used from a new address, a
-- password reset), with who, when, from where, what, and the object before and after. Append-only: the
-- triggers below refuse any update or delete, so neither an API nor a screen nor a bug can rewrite history.
create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- The firma the object belongs to; null for what belongs to no firma (an API key, a failed login).
  firma_id integer,
  -- Who did it: a user, an API key, or the server / operator CLI (both null, actor names it).
  actor_user_id integer,
  actor_api_key_id integer,
  actor text not null,
  address text,
  action text not null,
  object_type text not null,
  object_id text,
  before jsonb,
  after jsonb
);
create index audit_log_at_idx on audit_log (at desc, id desc);
create index audit_log_firma_at_idx on audit_log (firma_id, at desc);
create index audit_log_object_idx on audit_log (object_type, object_id);
create index audit_log_actor_idx on audit_log (actor_user_id, at desc);

create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
end;
$$;
create trigger audit_log_no_update before update or delete on audit_log
  for each statement execute function audit_log_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();
