-- The ERP's own key of the store an event happened in (docs/integration.md#erp-nummern): the store's number as
-- the stores import sent it ('2100'), kept with the event as it was then, as the user's name is: an admin may
-- renumber a store later, and the event tells what happened at the time. Events written before carry it too.
alter table integration_event add column vkforg_number text;
update integration_event e set vkforg_number = v.vkforg from vkforg v where v.id = e.vkforg_id;
