import { hasUnsafeChars, SAFE_INPUT_MSG } from '@mde/contracts';
import { type Db, runsInProcess } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findCodesBatch, type LookupRequest, type LookupRow } from './article-lookup.repository';
import type { Scope } from './article-scope';

interface Pending {
  request: LookupRequest;
  resolve: (rows: LookupRow[]) => void;
  reject: (error: unknown) => void;
}

/** More per statement would only lengthen the wait of the first request in it. */
const MAX_BATCH = 128;
/**
 * Statements on their way at once to a database server. With one, the scans that arrive meanwhile wait for
 * its answer, and while the database works the server and the load generator often have nothing to do (a
 * quarter of the 2 cores idle). With two they go out at once. On the 2-core bench machine (1,000,000
 * articles, 50 connections) two gave more lookups/s in 6 of 7 back-to-back pairs (median +6 %).
 * PGlite runs statements on the server's own thread, where a second one could only wait: one.
 */
const SERVER_IN_FLIGHT = 2;
const IN_PROCESS_IN_FLIGHT = 1;

/**
 * Joins the lookups that arrive while the database is busy into one statement. Under load (50 handhelds
 * scanning at once) a statement per scan spent most of its time in the round trip and on the socket; one
 * statement for all waiting scans costs about as much as one. A scan that finds the database idle waits for
 * nothing: its statement is sent as soon as the current turn of the event loop has read its requests.
 */
export class LookupBatcher {
  private queue: Pending[] = [];
  private scheduled = false;
  private inFlight = 0;
  private readonly maxInFlight: number;

  constructor(
    private readonly db: Db,
    private readonly overlap = !runsInProcess(db),
    /** The statement; the batcher's own tests hand in one whose answers they release by hand. */
    private readonly findBatch: typeof findCodesBatch = findCodesBatch,
  ) {
    this.maxInFlight = overlap ? SERVER_IN_FLIGHT : IN_PROCESS_IN_FLIGHT;
  }

  find(request: LookupRequest): Promise<LookupRow[]> {
    // Scans of all users share a statement: a code no database can read must not go into it.
    if (request.gtins.some(hasUnsafeChars) || (request.number !== null && hasUnsafeChars(request.number))) {
      return Promise.reject(new AppError(400, 'UNSAFE_INPUT', SAFE_INPUT_MSG.unsafeText));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush() {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      void this.send(this.queue.splice(0, MAX_BATCH));
    }
  }

  private async send(batch: Pending[]) {
    this.inFlight++;
    let rows: Awaited<ReturnType<typeof findCodesBatch>>;
    try {
      rows = await this.findBatch(
        this.db,
        batch.map((p) => p.request),
      );
    } catch (error) {
      // Whatever failed the statement fails only its own scan: each is asked again on its own.
      if (batch.length > 1) await Promise.all(batch.map((p) => this.alone(p)));
      else batch[0]?.reject(error);
      this.release();
      return;
    }
    // A database server beside us gets the scans that gathered meanwhile before this batch's answers are
    // written, so it works while the server answers (otherwise the two take turns). PGlite would run that
    // statement on this thread first and only delay the answers.
    if (this.overlap) this.release();
    const byRequest = batch.map((): LookupRow[] => []);
    for (const row of rows) byRequest[row.req]?.push(row);
    for (const [i, p] of batch.entries()) p.resolve(byRequest[i] ?? []);
    if (!this.overlap) {
      // After the answers: the next statement waits for the turn in which they are written.
      this.inFlight--;
      this.schedule();
    }
  }

  private async alone(pending: Pending) {
    try {
      pending.resolve(await this.findBatch(this.db, [pending.request]));
    } catch (error) {
      pending.reject(error);
    }
  }

  private release() {
    this.inFlight--;
    this.flush();
  }
}

const batchers = new WeakMap<Db, LookupBatcher>();

export function lookupBatcher(db: Db): LookupBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new LookupBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}

/**
 * Articles of the scope carrying one of the GTIN-14s or the article number. Concurrent calls share one
 * statement (see LookupBatcher), so this is one round trip however many scans arrive together.
 */
export async function findByCodesOrNumber(db: Db, scope: Scope, gtins: readonly string[], number: string | null) {
  // Inside a transaction the statement must run on its connection, not later in some batch.
  if (db.isTransaction) return findCodesBatch(db, [{ scope, gtins, number }]);
  return lookupBatcher(db).find({ scope, gtins, number });
}
