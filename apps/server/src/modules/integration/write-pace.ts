/**
 * How many article records the next transaction of a CSV import takes on PGlite. PGlite has one connection and
 * runs on the server's own thread: while a transaction checks and writes, the stores' lookups and syncs wait for
 * it. A fixed count holds the connection longer the slower the machine and the larger the tables; sized from
 * what the last transaction took, each holds it about `targetMs`, whatever the machine and the catalogue's size.
 * Smaller transactions cost the import little: its time goes into the rows, not into the transactions
 * (bench/RESULTS.md, section "Import").
 */
export class WritePace {
  private records: number;

  constructor(
    first: number,
    private readonly targetMs: number,
    private readonly bounds: { min: number; max: number },
  ) {
    this.records = first;
  }

  /** The records the next transaction takes. */
  get next(): number {
    return this.records;
  }

  /** A transaction of `records` records took `ms`: the next one is sized to take about the target. */
  took(records: number, ms: number): void {
    if (records <= 0) return;
    const fitting = (this.targetMs * records) / Math.max(ms, 1);
    // Halfway between the last size and the fitting one: one slow transaction (a pause of the machine, a
    // statistics run) does not shrink the next to a handful of records.
    const blended = Math.sqrt(this.records * fitting);
    this.records = Math.round(Math.min(this.bounds.max, Math.max(this.bounds.min, blended)));
  }
}
