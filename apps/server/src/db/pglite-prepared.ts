import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';
import { GENERIC_PLAN_HINT } from './generic-plans';
import { concatBytes, rawAnswerBytes, readAnswer } from './pglite-wire';

const MAX_STATEMENTS = 500;
const serialize = protocol.serialize;
type PlanMode = 'auto' | 'generic';
const SET_PLAN_MODE: Record<PlanMode, Uint8Array> = {
  auto: serialize.query('reset plan_cache_mode'),
  generic: serialize.query('set plan_cache_mode = force_generic_plan'),
};

interface Statement {
  name: string;
  paramTypes: number[];
}

/**
 * Named prepared statements for PGlite. PGlite's query() sends parse, describe, bind, describe, execute
 * and sync as six calls into the WASM backend and plans the statement every time; for the hot paths
 * (session, lookup by code) that overhead was most of the request (the lookup bench). Here a parameterised
 * statement is parsed and described once, then every run is one bind/describe/execute/sync batch that
 * reuses the plan, its answer read by pglite-wire.ts. Values are serialised by the parameter types
 * PostgreSQL reported, as query() does.
 */
export class PreparedStatements {
  private readonly statements = new Map<string, Statement>();
  private created = 0;
  /**
   * The session's plan_cache_mode as far as this class knows. A statement with GENERIC_PLAN_HINT needs the
   * generic plan (generic-plans.ts), every other one the default; the setting is sent in the same call as
   * the statement, and only when it must change, so a run of lookups pays for it once. A setting sent
   * inside a transaction is undone by a rollback, so after one the mode is unknown and sent again.
   * (Statements without parameters plan the same either way.)
   */
  private mode: PlanMode | 'unknown' = 'auto';
  constructor(
    private readonly pglite: PGlite,
    private readonly onNotification: (channel: string, payload: string) => void,
  ) {}

  /** Runs a parameterised statement prepared; undefined when it should go through query() instead. */
  async run<R>(sql: string, params: unknown[]): Promise<Results<R> | undefined> {
    if (params.length === 0) return undefined;
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= MAX_STATEMENTS) return undefined;
      statement = await this.prepare(sql);
    }
    const { name, paramTypes } = statement;
    const values = params.map((value, i) => this.serialise(value, paramTypes[i]));
    try {
      return await this.execute<R>(name, values, sql.startsWith(GENERIC_PLAN_HINT) ? 'generic' : 'auto');
    } catch (error) {
      // A table changed under a prepared statement (DDL at run time): prepare it again next time.
      if ((error as { code?: string }).code !== '0A000') throw error;
      this.statements.delete(sql);
      return undefined;
    }
  }

  private execute<R>(name: string, values: (string | null)[], mode: PlanMode) {
    return this.pglite._runExclusiveQuery(async () => {
      const run = [
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ];
      const switches = this.mode !== mode;
      const message = switches ? [SET_PLAN_MODE[mode], ...run] : run;
      const bytes = await rawAnswerBytes(this.pglite, concatBytes(message), { syncToFs: false });
      const answer = readAnswer<R>(bytes, this.pglite.parsers);
      if (switches) this.mode = answer.status === 'I' ? mode : 'unknown';
      // The raw answer bypasses PGlite's listeners: its notifications are handed on here.
      for (const n of answer.notifications) this.onNotification(n.channel, n.payload);
      if (answer.status === 'I') await this.pglite.syncToFs();
      if (answer.error) throw answer.error;
      return answer.results;
    });
  }

  private async prepare(sql: string): Promise<Statement> {
    this.created += 1;
    const name = `mde_${this.created}`;
    const messages = await this.pglite._runExclusiveQuery(() =>
      this.pglite.execProtocolStream(
        concatBytes([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      ),
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(sql, statement);
    return statement;
  }

  private serialise(value: unknown, type: number | undefined) {
    if (value === null || value === undefined) return null;
    const serialiser = type === undefined ? undefined : this.pglite.serializers[type];
    return serialiser ? (serialiser(value) as string) : String(value);
  }
}
