import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's build assets carry a content hash in the name (index-Bx3k9aQz.js), so they never change. */
const HASHED_ASSET = /-[\w-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

/** Long-lived for hashed files; the shell, manifest and service worker must be revalidated on every start. */
export function staticCacheControl(filePath: string): string {
  const hashed = filePath.includes(`${path.sep}assets${path.sep}`) && HASHED_ASSET.test(path.basename(filePath));
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built PWA; unknown non-API GETs get index.html so client routes survive a reload.
 * The build writes a .br and a .gz copy next to each text file (apps/web/scripts/precompress.mjs): the
 * handler picks one by Accept-Encoding (br before gzip, else the file itself) and says so in
 * Content-Encoding and Vary; a client that asks for no encoding gets the file as it is, with ranges.
 */
export async function registerStatic(app: FastifyInstance, root: string): Promise<boolean> {
  if (!fs.existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    // Files are looked up per request, so a rebuild of the web app needs no server restart.
    wildcard: true,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header('cache-control', staticCacheControl(filePath));
    },
  });
  // The root is a directory to the static handler; the app shell answers it like any client route.
  app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  return true;
}
