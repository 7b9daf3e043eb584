import { apiErrorSchema } from '@mde/contracts';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Transform = typeof jsonSchemaTransform;
type Schema = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Ungültige Eingabe (Pfad, Abfrage, Kopfzeilen oder Inhalt); `fields` nennt die Felder.',
  401: 'Nicht angemeldet, Sitzung abgelaufen oder API-Schlüssel fehlt, ist unbekannt oder widerrufen.',
  403: 'Angemeldet, aber ohne die Berechtigung (oder den Scope) der Route.',
  404: 'Das genannte Objekt gibt es nicht.',
  406: 'Die Anfrage nimmt keinen Ereignisstrom an (Accept ohne text/event-stream).',
  409: 'Konflikt mit dem aktuellen Stand.',
  413: 'Der Inhalt ist zu groß.',
  415: 'Der Inhaltstyp wird nicht angenommen.',
  422: 'Derselbe Idempotency-Key kam schon mit einer anderen Anfrage.',
  429: 'Zu viele Anfragen; später erneut versuchen.',
  503: 'Der Server ist ausgelastet oder die Datenbank nicht erreichbar; später erneut versuchen.',
};

const errorResponse = (status: number) => ({
  description: ERROR_DESCRIPTIONS[status],
  content: { 'application/json': { schema: apiErrorSchema } },
});

const hasKeys = (value: unknown) =>
  typeof value === 'object' && value !== null && Object.keys((value as { shape?: object }).shape ?? value).length > 0;

/** The Idempotency-Key header among the route's declared headers (a zod object, see lib/idempotency.ts). */
function takesIdempotencyKey(headers: unknown): boolean {
  const shape = (headers as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && 'idempotency-key' in shape;
}

/** A route that answers a server-sent event stream (@fastify/sse's `sse: true`). */
const isEventStream = (route: object) => (route as { sse?: unknown }).sse === true;

/** An event stream's answer: what the OpenAPI document says of its 200 (its events are named by the route). */
const eventStreamResponse = {
  description: 'Ein Ereignisstrom (server-sent events), solange die Verbindung offen ist.',
  content: { 'text/event-stream': { schema: z.string() } },
};

/**
 * The error answers a route can really give, from what it declares: every one has the body
 * `{message, code, fields?}` of plugins/errors.ts. 405 belongs to a path, not an operation, so it is not listed.
 */
export function errorStatusesOf(route: Pick<RouteOptions, 'url' | 'method' | 'config'>, schema: Schema): number[] {
  const statuses = new Set<number>([503]);
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(String(route.method).toUpperCase()) || schema.body;
  if (schema.params || schema.querystring || schema.headers || schema.body || takesBody) statuses.add(400);
  const access = (route.config as { access?: object } | undefined)?.access;
  if (access && !('public' in access)) statuses.add(401);
  if (access && ('anyPermission' in access || 'role' in access || 'apiKey' in access)) statuses.add(403);
  if (route.url.includes(':') || hasKeys(schema.params)) statuses.add(404);
  if (isEventStream(route)) statuses.add(406);
  if (takesIdempotencyKey(schema.headers)) statuses.add(422);
  if (takesBody) {
    statuses.add(413);
    statuses.add(415);
  }
  const rateLimited = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
  if (rateLimited || (access && 'apiKey' in access)) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * jsonSchemaTransform with each operation's error answers added to the OpenAPI document only: the runtime
 * response schemas stay as the routes declare them, so no error body is ever serialized (or stripped) by a
 * schema here. A status a route documents itself (a 409 with its own description) is kept.
 */
export const documentedErrorsTransform: Transform = (document) => {
  const { schema, route } = document as Parameters<Transform>[0] & { route?: RouteOptions };
  if (!route?.url.startsWith('/api/') || (schema as Schema | undefined)?.hide) {
    return jsonSchemaTransform(document);
  }
  const own = (schema ?? {}) as Schema;
  const response: Record<string, unknown> = { ...((own.response as Schema | undefined) ?? {}) };
  if (isEventStream(route) && !(200 in response)) response[200] = eventStreamResponse;
  for (const status of errorStatusesOf(route, own)) {
    if (!(status in response)) response[status] = errorResponse(status);
  }
  return jsonSchemaTransform({ ...document, schema: { ...own, response } } as Parameters<Transform>[0]);
};
