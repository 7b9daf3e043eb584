// The stock table belongs to this module (docs/architecture.md#table-owners): the stock import and a booked
// delivery note change it through these functions.
export { addStock, type StockValues, storedStock, upsertStock } from './article-stock.repository';
