import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { COPY_FROM_STDIN } from './copy-rows';
import { NOTIFY_CHANNELS, type Notifications } from './notifications';

const MAX_STATEMENTS = 500;
const statementNames = new Map<string, string>();

/** One name per distinct SQL text (the same on every connection), up to MAX_STATEMENTS texts. */
function statementName(text: string) {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_STATEMENTS) {
    name = `mde_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

type QueryFn = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/** A marked `copy … from stdin` (copy-rows.ts): its CSV text streamed in, answered as pg answers a COPY. */
async function copyIn(original: QueryFn, text: string, data: unknown) {
  const stream = original(copyFrom(text)) as ReturnType<typeof copyFrom>;
  await pipeline(Readable.from([String(data)]), stream);
  return { command: 'COPY', rowCount: stream.rowCount, rows: [], fields: [] };
}

/**
 * Sets up each new pool connection before its first use (pg-pool's onConnect): LISTEN on the notification
 * channels, and named prepared statements for parameterised queries. Kysely sends every statement
 * unnamed, so PostgreSQL parses it on every request; pg prepares a named statement once per connection
 * and then only binds and executes it (the lookup bench).
 */
export function poolConnectionSetup(notifications: Notifications) {
  return async (client: pg.ClientBase) => {
    const original = client.query.bind(client) as QueryFn;
    const query: QueryFn = (text, values, callback) => {
      if (typeof text === 'string' && text.startsWith(COPY_FROM_STDIN) && Array.isArray(values)) {
        return copyIn(original, text, values[0]);
      }
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
        const name = statementName(text);
        if (name) return original({ name, text, values });
      }
      return original(text, values, callback);
    };
    client.query = query as typeof client.query;
    client.on('notification', (message) => notifications.deliver(message.channel, message.payload));
    client.on('end', () => notifications.connectionDown(client));
    await client.query(NOTIFY_CHANNELS.map((channel) => `listen ${channel}`).join('; '));
    notifications.connectionUp(client);
  };
}
