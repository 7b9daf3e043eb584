-- Warenverprobung joins the capture engine: its header (spec §3) holds art, the kind of document checked
-- (BESTELLUNG or WARENUEBERNAHME), and the document's id; the engine keeps both as plain header fields.
alter table capture drop constraint capture_module_check;
alter table capture add constraint capture_module_check
  check (module in ('order-proposal', 'ordering', 'inventory-count', 'returns', 'article-stock', 'goods-receipt-check'));
alter table capture add column art text check (art in ('BESTELLUNG', 'WARENUEBERNAHME'));
alter table capture add column document_id bigint;
