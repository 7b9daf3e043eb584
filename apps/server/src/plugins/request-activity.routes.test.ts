import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/db-type';
import { requestActivity } from '../db/request-activity';
import { registerRequestActivity } from './request-activity';

/** A stand-in for a database: the activity is kept per object. */
const fakeDb = () => ({}) as Db;

async function appHolding() {
  const db = fakeDb();
  const app = Fastify();
  registerRequestActivity(app, db);
  let arrived!: () => void;
  const arrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/held', async () => {
    arrived();
    await held;
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, db, port, arrival, release };
}

const isQuiet = async (db: Db) => {
  let quiet = false;
  const waiting = requestActivity(db)
    .quiet(60_000)
    .then(() => {
      quiet = true;
    });
  await new Promise((resolve) => setImmediate(resolve));
  return { quiet, waiting };
};

describe('registerRequestActivity', () => {
  it('counts a request from its arrival until its answer is sent', async () => {
    const { app, db, port, arrival, release } = await appHolding();
    try {
      const answer = fetch(`http://127.0.0.1:${port}/held`);
      await arrival;
      const during = await isQuiet(db);
      expect(during.quiet).toBe(false);
      release();
      expect((await answer).status).toBe(200);
      await during.waiting;
      expect((await isQuiet(db)).quiet).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('stops counting a request whose client went away before the answer', async () => {
    const { app, db, port, arrival, release } = await appHolding();
    try {
      const request = http.get(`http://127.0.0.1:${port}/held`);
      request.on('error', () => undefined);
      await arrival;
      const during = await isQuiet(db);
      expect(during.quiet).toBe(false);
      request.destroy();
      await during.waiting;
      release();
    } finally {
      await app.close();
    }
  });
});
