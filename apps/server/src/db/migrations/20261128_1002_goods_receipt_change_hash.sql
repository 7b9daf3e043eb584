-- A delivery-note change id is the app's outbox key: the same change sent again is answered as the first, the
-- same id with another request (another code, quantity or article) is refused. request_hash is the SHA-256 of
-- what the change asked for; rows written before it have none and are taken as resends.
alter table goods_receipt_change add column request_hash text;
