-- The users section of the admin area: optimistic locking of an admin's edit (version, raised by every admin
-- change), disabling a user (they can no longer sign in; their sessions are revoked when it happens), and a
-- one-time password that must be replaced at the next sign-in.
alter table app_user add column version integer not null default 0;
alter table app_user add column disabled_at timestamptz;
alter table app_user add column must_change_password boolean not null default false;
