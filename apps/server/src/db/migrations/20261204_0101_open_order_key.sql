-- The ERP's open orders come in by natural key (`npm run import -- open-orders`, PUT
-- /api/integration/v1/open-orders): a store's order line is its order number and article. Until now the
-- lines came only from the seed, whose numbers never repeat; a duplicate left by hand keeps its newest row.
delete from article_open_order o
 using article_open_order newer
 where newer.vkforg_id = o.vkforg_id and newer.order_number = o.order_number and newer.article_id = o.article_id
   and newer.id > o.id;
create unique index article_open_order_key_idx on article_open_order(vkforg_id, order_number, article_id);
