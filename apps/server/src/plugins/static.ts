import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built PWA; unknown non-API GETs get index.html so client routes survive a reload. */
export async function registerStatic(app: FastifyInstance, root: string): Promise<boolean> {
  if (!fs.existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    // Files are looked up per request, so a rebuild of the web app needs no server restart.
    wildcard: true,
    index: false,
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      // Hashed build assets never change; the shell, manifest and service worker must be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`) && /-[\w-]{8,}\./.test(name)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  // The root is a directory to the static handler; the app shell answers it like any client route.
  app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  return true;
}
