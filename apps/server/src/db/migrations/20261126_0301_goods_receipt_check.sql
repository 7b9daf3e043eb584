-- Warenverprobung joins the capture engine: its header (spec §3) holds art, the kind of document checked
-- (BESTELLUNG or WARENUEBERNAHME), and the document's id; the engine keeps both as plain header fields.
-- The capture modules are the policies registered in app.ts, and only their keys pass the API's checks; a list
-- of keys here would be a second home that every new capture module had to edit.
alter table capture drop constraint capture_module_check;
alter table capture add column art text check (art in ('BESTELLUNG', 'WARENUEBERNAHME'));
alter table capture add column document_id bigint;
