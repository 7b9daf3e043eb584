-- Delivery notes arrive from an ERP or EDI link (POST /api/v1/delivery-notes). The link's Idempotency-Key is
-- kept with the note, so an import sent again after a lost answer finds the note it made instead of a second
-- one; a note of the same supplier and number without that key is a conflict (goods_receipt_number_idx).
alter table goods_receipt add column import_key text;
create unique index goods_receipt_import_key_idx on goods_receipt(firma_id, import_key) where import_key is not null;
