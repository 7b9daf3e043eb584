import { API_KEY_REQUESTS_KEPT } from '@mde/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { CoalescedRun } from '../../lib/coalesced-run';
import { hashToken } from '../../lib/tokens';
import { INTEGRATION_PREFIX } from '../../plugins/auth';
import { hookList } from '../../plugins/route-hooks';
import * as repo from './api-key-requests.repository';
import { keyIdsByHash } from './api-keys.repository';
import { bearerKey } from './api-keys.service';

/** A request as taken at its answer: its key's id, or (refused before a key was found) the sent key's hash. */
interface Pending {
  key: { id: number } | { hash: string };
  at: Date;
  method: string;
  route: string;
  status: number;
  durationMs: number;
}

export interface ApiKeyRequestLogOptions {
  /** How often what was taken is written. */
  flushMs?: number;
  /** A batch this large is written at once. */
  batch?: number;
  /** More waiting than this (the database is away) and new requests are not logged until it is back. */
  maxPending?: number;
  /** How often old rows and rows over a key's bound are deleted. */
  pruneMs?: number;
  keepDays?: number;
  keepPerKey?: number;
}

export interface ApiKeyRequestLogOutput {
  warn(details: object, message: string): void;
}

/**
 * The request log of the API keys. A request's answer only puts a line into memory (no database work on the
 * request's path); a background run writes them in one insert per batch, at the latest after `flushMs`, and
 * prunes the log once per `pruneMs`: rows older than `keepDays`, and per key written since the last prune all
 * but its newest `keepPerKey`. Lines still waiting at shutdown are written before the database closes.
 */
export class ApiKeyRequestLog {
  private pending: Pending[] = [];
  private readonly touched = new Set<number>();
  private readonly run: CoalescedRun;
  private timer: NodeJS.Timeout | null = null;
  private lastPrune = 0;
  private dropped = 0;
  private readonly flushMs: number;
  private readonly batch: number;
  private readonly maxPending: number;
  private readonly pruneMs: number;
  private readonly keepDays: number;
  private readonly keepPerKey: number;

  constructor(
    private readonly db: Db,
    private readonly log: ApiKeyRequestLogOutput,
    options: ApiKeyRequestLogOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 1000;
    this.batch = options.batch ?? 500;
    this.maxPending = options.maxPending ?? 20_000;
    this.pruneMs = options.pruneMs ?? 60_000;
    this.keepDays = options.keepDays ?? 30;
    this.keepPerKey = options.keepPerKey ?? API_KEY_REQUESTS_KEPT;
    this.run = new CoalescedRun(
      () => this.write(),
      (error) => this.log.warn({ err: error }, 'API key request log not written; its lines are lost'),
    );
  }

  /** Takes one answered request; never waits for the database. */
  take(entry: Pending) {
    if (this.pending.length >= this.maxPending) {
      this.dropped++;
      return;
    }
    this.pending.push(entry);
    if (this.pending.length >= this.batch) void this.run.wake();
  }

  /** Writes everything taken so far (and prunes when due); resolves when it is in the database. */
  flush(): Promise<void> {
    return this.run.wake();
  }

  start() {
    this.timer = setInterval(() => void this.run.wake(), this.flushMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.run.stop();
    await this.flush();
  }

  private async write() {
    while (this.pending.length > 0) {
      const taken = this.pending.splice(0, this.batch);
      const hashes = [...new Set(taken.flatMap((p) => ('hash' in p.key ? [p.key.hash] : [])))];
      const byHash = await keyIdsByHash(this.db, hashes);
      const rows = taken.flatMap((p) => {
        const apiKeyId = 'id' in p.key ? p.key.id : byHash.get(p.key.hash);
        if (apiKeyId === undefined) return [];
        this.touched.add(apiKeyId);
        const { at, method, route, status, durationMs } = p;
        return [{ apiKeyId, at, method, route, status, durationMs }];
      });
      await repo.insertRequests(this.db, rows);
    }
    if (this.dropped > 0) {
      this.log.warn({ dropped: this.dropped }, 'API key request log was full; requests went unlogged');
      this.dropped = 0;
    }
    if (Date.now() - this.lastPrune >= this.pruneMs) await this.prune();
  }

  private async prune() {
    this.lastPrune = Date.now();
    const keys = [...this.touched];
    this.touched.clear();
    await repo.trimKeys(this.db, keys, this.keepPerKey);
    await repo.deleteOlderThan(this.db, this.keepDays);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The API keys' request log of this instance (the admin's list writes what waits before it reads). */
    apiKeyRequestLog: ApiKeyRequestLog;
  }
}

/**
 * Logs every answer of an integration route (`INTEGRATION_PREFIX`) made with a key it knows: the request's key,
 * or for a refusal before one was found (a revoked key) the key the header names, by its hash. The route is
 * the one declared, bound when the route is added. Register before the routes.
 */
export function registerApiKeyRequestLog(app: FastifyInstance, options: ApiKeyRequestLogOptions = {}) {
  const requestLog = new ApiKeyRequestLog(app.database.db, app.log, options);
  app.decorate('apiKeyRequestLog', requestLog);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(INTEGRATION_PREFIX)) return;
    const pattern = route.url;
    const logAnswer = async (request: FastifyRequest, reply: FastifyReply) => {
      const known = request.apiKey;
      let key: Pending['key'] | null = known ? { id: known.keyId } : null;
      if (!key) {
        const sent = bearerKey(request);
        key = sent ? { hash: hashToken(sent) } : null;
      }
      if (!key) return;
      requestLog.take({
        key,
        at: new Date(),
        method: request.method,
        route: pattern,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
      });
    };
    route.onResponse = [...hookList(route.onResponse), logAnswer];
  });
  app.addHook('onReady', async () => requestLog.start());
  app.addHook('preClose', () => requestLog.stop());
  return requestLog;
}
