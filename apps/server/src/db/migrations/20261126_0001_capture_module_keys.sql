-- Capture modules are keyed by their glossary name (inventory-count), not by their spec §2 route
-- (mde-inventur), in every table and in the stored answers a retried export or sync gets again. The module
-- config keeps the spec's names: that is the spec's data (§3).
alter table capture drop constraint capture_module_check;
update capture set module = case module when 'mde-bestellvorschlag' then 'order-proposal' when 'mde-bestellung' then 'ordering' when 'mde-inventur' then 'inventory-count' when 'mde-retouren' then 'returns' when 'mde-artikelvorrat' then 'article-stock' else module end;
update capture set export_result = replace(replace(replace(replace(replace(export_result::text, '"module": "mde-bestellvorschlag"', '"module": "order-proposal"'), '"module": "mde-bestellung"', '"module": "ordering"'), '"module": "mde-inventur"', '"module": "inventory-count"'), '"module": "mde-retouren"', '"module": "returns"'), '"module": "mde-artikelvorrat"', '"module": "article-stock"')::jsonb where export_result is not null;
alter table capture add constraint capture_module_check
  check (module in ('order-proposal', 'ordering', 'inventory-count', 'returns', 'article-stock'));
update capture_document set module = case module when 'mde-bestellvorschlag' then 'order-proposal' when 'mde-bestellung' then 'ordering' when 'mde-inventur' then 'inventory-count' when 'mde-retouren' then 'returns' when 'mde-artikelvorrat' then 'article-stock' else module end;
update capture_number_counter set module = case module when 'mde-bestellvorschlag' then 'order-proposal' when 'mde-bestellung' then 'ordering' when 'mde-inventur' then 'inventory-count' when 'mde-retouren' then 'returns' when 'mde-artikelvorrat' then 'article-stock' else module end;
update capture_change set answer = replace(replace(replace(replace(replace(answer::text, '"module": "mde-bestellvorschlag"', '"module": "order-proposal"'), '"module": "mde-bestellung"', '"module": "ordering"'), '"module": "mde-inventur"', '"module": "inventory-count"'), '"module": "mde-retouren"', '"module": "returns"'), '"module": "mde-artikelvorrat"', '"module": "article-stock"')::jsonb where answer::text like '%"module": "mde-%';
