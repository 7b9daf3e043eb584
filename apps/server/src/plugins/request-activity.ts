import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db-type';
import { requestActivity } from '../db/request-activity';

/**
 * Counts the requests under way on an embedded database (db/request-activity.ts), from the moment one arrives
 * until its answer is sent or its connection is gone, whichever comes first.
 */
export function registerRequestActivity(app: FastifyInstance, db: Db) {
  const activity = requestActivity(db);
  app.addHook('onRequest', (_request, reply, done) => {
    activity.begin();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      activity.end();
    };
    reply.raw.once('finish', end);
    reply.raw.once('close', end);
    done();
  });
}
