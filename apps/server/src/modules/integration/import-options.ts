/**
 * How an import takes its rows. `keep`: the row fields of optional CSV columns the file left out; a stored
 * record keeps them as they are (only the article import has such columns).
 */
export interface ImportOptions {
  keep?: ReadonlySet<string>;
}
