/** What the capture rules need to know about one article in the session's firma and vkforg. */
export interface ArticleFacts {
  id: number;
  number: string;
  designation: string;
  designation2?: string;
  baseUnit: string;
  /** unit → factor (base units per unit). */
  units: ReadonlyMap<string, number>;
  mainSupplier: SupplierTerms | null;
  /** Every supplier that delivers the article (returns supplier check). */
  supplierIds: ReadonlySet<number>;
  /** Target stock of the listing in the session's vkforg; 0 when not listed. */
  targetStock: number;
}

export interface SupplierTerms {
  id: number;
  name: string;
  /** In order units, as the supplier states it. */
  minOrderQuantity: number;
  orderUnit: string;
  orderFactor: number;
}
