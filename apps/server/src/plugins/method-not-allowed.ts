import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

const METHODS = ['DELETE', 'GET', 'PATCH', 'POST', 'PUT'] as const;

/**
 * The methods each known path takes, from the routes as they are registered (RFC 9110: a method the path
 * does not take is 405 with Allow). Register before the routes; the answer is read when a request found none.
 */
export function routeMethods(app: FastifyInstance) {
  const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 2000 });
  const noop = () => undefined;
  app.addHook('onRoute', (route) => {
    // The API's paths only: the app shell answers every other GET, which must not make every path known.
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if ((METHODS as readonly string[]).includes(method) && !router.hasRoute(method as 'GET', route.url)) {
        router.on(method as 'GET', route.url, noop);
      }
    }
  });
  /** The methods the request's path takes; empty for an unknown path. */
  return (url: string): string[] => {
    const path = url.split('?')[0] ?? url;
    return METHODS.filter((method) => router.find(method, path) !== null);
  };
}
