import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { COPY_FROM_STDIN, pgliteCopySql } from './copy-rows';
import { PreparedStatements } from './pglite-prepared';

/**
 * Kysely dialect for embedded PGlite. PGlite has one connection, so connections are handed out one at a
 * time: a transaction owns the database until it commits, which gives the same isolation a row lock
 * would on a server (money and stock rules rely on it).
 */
export class PGliteDialect implements Dialect {
  /** onNotification receives the NOTIFYs that arrive with prepared statements' answers. */
  constructor(
    private readonly pglite: PGlite,
    private readonly onNotification: (channel: string, payload: string) => void,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.onNotification);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly prepared: PreparedStatements;
  constructor(
    private readonly pglite: PGlite,
    onNotification: (channel: string, payload: string) => void,
  ) {
    this.prepared = new PreparedStatements(pglite, onNotification);
  }

  async init() {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    return new PGliteConnection(this.pglite, this.prepared, release);
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(conn: DatabaseConnection) {
    (conn as PGliteConnection).release();
  }
  async destroy() {
    await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    private readonly prepared: PreparedStatements,
    readonly release: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = [...query.parameters];
    if (query.sql.startsWith(COPY_FROM_STDIN)) {
      const copied = await this.pglite.query(pgliteCopySql(query.sql), [], { blob: new Blob([String(parameters[0])]) });
      return { rows: [], numAffectedRows: BigInt(copied.affectedRows ?? 0) };
    }
    const result =
      (await this.prepared.run<R>(query.sql, parameters)) ?? (await this.pglite.query<R>(query.sql, parameters));
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && /^\s*(insert|update|delete|merge)/i.test(query.sql)
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; streaming is not offered
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming wird von PGlite nicht unterstützt');
  }
}
