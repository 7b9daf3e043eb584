import type { FastifyInstance } from 'fastify';

/** Test helper: one event of the notification stream, as the app reads it. */
export interface StreamEvent {
  event: string;
  data: { unread: number; notification?: { id: number; title: string; readtime: string | null } };
}

const addresses = new WeakMap<FastifyInstance, string>();

/** The app's address, listening on a free port of the loopback interface from its first stream on. */
async function addressOf(app: FastifyInstance) {
  const known = addresses.get(app);
  if (known) return known;
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  addresses.set(app, address);
  return address;
}

/** Test helper: opens the notification stream on a listening app and collects its events as they come. */
export async function openStream(app: FastifyInstance, cookie: string) {
  const address = await addressOf(app);
  const abort = new AbortController();
  const response = await fetch(`${address}/api/v1/notifications/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const events: StreamEvent[] = [];
  let ended = false;
  let beats = 0;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          if (block.startsWith(':')) beats++;
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted at the end of the test
    }
    ended = true;
  })();
  const next = async (event: string, withinMs: number) => {
    const until = Date.now() + withinMs;
    while (Date.now() < until) {
      const found = events.find((e) => e.event === event);
      if (found) {
        events.splice(events.indexOf(found), 1);
        return found;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return undefined;
  };
  return {
    response,
    next,
    events,
    /** The heartbeat comment lines that arrived. */
    get beats() {
      return beats;
    },
    /** Whether the server has ended the stream (its body is complete). */
    get ended() {
      return ended;
    },
    close: async () => {
      abort.abort();
      await reading;
    },
  };
}
