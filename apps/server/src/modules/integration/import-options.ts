/** How an import takes its rows. */
export interface ImportOptions {
  /** The request holds every row of the stores it names: the others of those stores are removed (REPLACING_KINDS). */
  full?: boolean;
  /**
   * The row fields of optional CSV columns the file left out: a stored record keeps them as they are (only the
   * article import has such columns).
   */
  keep?: ReadonlySet<string>;
}
