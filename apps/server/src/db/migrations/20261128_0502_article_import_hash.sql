-- A re-import of an unchanged file must write nothing and be quick: the import stores the hash of the
-- master data it wrote and the time it wrote them. While the article's updated_at is still that time (no
-- change since, by the app or a trigger), an equal hash means an equal row without reading its codes,
-- units, prices, supplier terms and listings; otherwise the row is compared in full.
alter table article add column import_hash text, add column import_stamp timestamptz;
