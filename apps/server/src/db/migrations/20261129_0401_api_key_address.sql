-- The addresses each API key has been used from: a key used from an address not in its set is a security event
-- (the audit log's 'api-key.new-address'), since a stolen key usually shows up from somewhere new.
create table api_key_address (
  api_key_id integer not null references api_key(id),
  address text not null,
  first_used_at timestamptz not null default now(),
  primary key (api_key_id, address)
);
