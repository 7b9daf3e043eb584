-- One table for every keyed write (Idempotency-Key header): a key belongs to its client (a user, an API key)
-- and its route, never to the whole firma. The row is written in the change's own transaction, so a refused
-- change or a crash leaves no key behind (nothing stays 'pending'). request_hash is the SHA-256 of the
-- request: the same key with another request is refused.
create table idempotency_key (
  client text not null,
  route text not null,
  key text not null,
  request_hash text not null,
  status integer not null,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (client, route, key)
);
create index idempotency_key_created_idx on idempotency_key(created_at);
