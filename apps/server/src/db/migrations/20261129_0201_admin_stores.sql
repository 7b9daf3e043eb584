-- Admin area, stores section: a version per org row for optimistic locking (two admins editing the same
-- store: the second edit, based on the older version, is refused). Every update raises the version, an org
-- import's too, so an admin's edit never silently overwrites what changed meanwhile.
alter table vkforg add column version integer not null default 1;
alter table account add column version integer not null default 1;
alter table warehouse add column version integer not null default 1;
alter table storage_location add column version integer not null default 1;

create function org_row_version_bump() returns trigger language plpgsql as $$
begin
  new.version := old.version + 1;
  return new;
end;
$$;
create trigger vkforg_version before update on vkforg for each row execute function org_row_version_bump();
create trigger account_version before update on account for each row execute function org_row_version_bump();
create trigger warehouse_version before update on warehouse for each row execute function org_row_version_bump();
create trigger storage_location_version before update on storage_location
  for each row execute function org_row_version_bump();

-- Numbers name one row: a store number per firma, an account number per firma, a warehouse number per store.
create unique index vkforg_number_idx on vkforg(firma_id, vkforg);
create unique index account_number_idx on account(firma_id, number);
create unique index warehouse_number_idx on warehouse(vkforg_id, number);
