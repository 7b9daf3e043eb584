import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The tables an article import fills, the read model included. */
const TABLES = [
  'article',
  'article_code',
  'article_unit',
  'article_price',
  'article_supplier',
  'article_listing',
  'article_summary',
] as const;

/**
 * Keeps the planner's statistics of the article tables fresh while an import fills them. PGlite runs no
 * autovacuum: with the statistics of a nearly empty table, the import's own lookups and the triggers' updates
 * by article id are planned as scans of the whole table, and every chunk gets slower than the one before. The
 * tables are analysed whenever the import has added as many articles as it had when they were analysed last
 * (so at most a few times per file), and once at its end. Each table on its own statement, outside a
 * transaction: the stores' requests get the connection in between.
 */
export class ArticleStatistics {
  private pending = 0;
  /** `giveWay` runs before each table's statement (the import's give-way to the stores' requests). */
  constructor(
    private threshold: number,
    private readonly giveWay: () => Promise<void> = () => Promise.resolve(),
  ) {}

  async written(db: Db, inserted: number) {
    this.pending += inserted;
    if (this.pending < this.threshold) return;
    this.threshold += this.pending;
    await this.analyze(db);
  }

  async finish(db: Db) {
    if (this.pending > 0) await this.analyze(db);
  }

  private async analyze(db: Db) {
    this.pending = 0;
    for (const table of TABLES) {
      await this.giveWay();
      await sql`analyze ${sql.table(table)}`.execute(db);
    }
  }
}
