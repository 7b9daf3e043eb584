import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { hookList } from './route-hooks';
import { isApiPath } from './security';

/**
 * Answers below this many bytes go out as they are: a scan's lookup (~700 bytes) fits one packet either
 * way, and the hot path then pays nothing but a length check.
 */
export const COMPRESS_MIN_BYTES = 1024;

export type ApiEncoding = 'br' | 'gzip';

/**
 * Brotli at quality 4 packs JSON about as tight as gzip 9 at a fraction of the CPU time; gzip 6 is the
 * usual balance for clients without brotli. Both run on libuv's thread pool, off the event loop.
 */
const brotliOptions: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const gzipOptions: zlib.ZlibOptions = { level: 6 };

/** The encoding for an Accept-Encoding header: br before gzip at equal weight, none when neither is wanted. */
export function chooseEncoding(header: string | string[] | undefined): ApiEncoding | undefined {
  if (header === undefined) return undefined;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [token = '', ...params] = part.split(';');
    const name = token.trim().toLowerCase();
    if (name === '') continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') weight = Number.parseFloat(value ?? '');
    }
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

/** Adds Accept-Encoding to Vary, keeping what a route set there. */
function varyOnEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const value = String(current);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value)) return;
  reply.header('vary', `${value}, accept-encoding`);
}

function compressLarge(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
) {
  // Streams (none on the API today) and small answers pass untouched.
  if ((typeof payload !== 'string' && !Buffer.isBuffer(payload)) || payload.length < COMPRESS_MIN_BYTES) {
    done(null, payload);
    return;
  }
  if (reply.hasHeader('content-encoding')) {
    done(null, payload);
    return;
  }
  // A large answer differs by Accept-Encoding even when this client gets it as it is.
  varyOnEncoding(reply);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) {
    done(null, payload);
    return;
  }
  const finish = (error: Error | null, compressed: Buffer) => {
    if (error) {
      // An answer that cannot be packed still goes out, as it is.
      request.log.warn({ err: error }, 'response compression failed');
      done(null, payload);
      return;
    }
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    done(null, compressed);
  };
  if (encoding === 'br') zlib.brotliCompress(payload, brotliOptions, finish);
  else zlib.gzip(payload, gzipOptions, finish);
}

/**
 * Compresses the API's JSON answers above COMPRESS_MIN_BYTES (the article cache's pages shrink about
 * tenfold). Bound per API route at start, after the routes' own onSend hooks.
 */
export function registerApiCompression(app: FastifyInstance) {
  const hook = compressLarge as unknown as (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: HookHandlerDoneFunction,
  ) => void;
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    route.onSend = [...hookList(route.onSend), hook] as typeof route.onSend;
  });
}
