-- The integration import keeps its Idempotency-Keys in idempotency_key like every other keyed route (client
-- 'api-key:<id>', route, request hash); its own table is no longer read or written.
drop table if exists integration_request;
