-- Servers keep resolved sessions in memory for a few seconds (the session query was paid by every
-- request). Whatever could make such a copy wrong announces the user on channel mde_auth, so every
-- instance drops that user's sessions at once: revocation, expiry or owner changes of a session, a moved
-- last-seen time other than the regular touch, and any change of the user (context, password) or of its
-- permissions and roles. See db/notifications.ts and modules/auth/session-cache.ts.
create function auth_notify_user() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('mde_auth', old.user_id::text);
  else
    perform pg_notify('mde_auth', new.user_id::text);
    if tg_op = 'UPDATE' and old.user_id <> new.user_id then
      perform pg_notify('mde_auth', old.user_id::text);
    end if;
  end if;
  return null;
end $$;

create function auth_notify_app_user() returns trigger language plpgsql as $$
begin
  perform pg_notify('mde_auth', (case when tg_op = 'DELETE' then old.id else new.id end)::text);
  return null;
end $$;

create trigger session_auth_update after update on session for each row
  when (old.revoked_at is distinct from new.revoked_at or old.expires_at <> new.expires_at
        or old.user_id <> new.user_id or old.token_hash <> new.token_hash or old.remember <> new.remember
        or new.last_seen_at < old.last_seen_at)
  execute function auth_notify_user();
create trigger session_auth_delete after delete on session for each row execute function auth_notify_user();

create trigger app_user_auth_change after update or delete on app_user for each row
  execute function auth_notify_app_user();
create trigger user_permission_auth_change after insert or update or delete on user_permission for each row
  execute function auth_notify_user();
create trigger user_role_auth_change after insert or update or delete on user_role for each row
  execute function auth_notify_user();
