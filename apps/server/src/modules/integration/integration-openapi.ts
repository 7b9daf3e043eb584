import {
  apiErrorSchema,
  DOCUMENT_IMPORT_KINDS,
  documentedEventFeedSchema,
  type ErrorExample,
  EVENT_TYPES,
  eventFeedSchema,
  IMPORT_ROWS,
  INTEGRATION_API_VERSION,
  INTEGRATION_API_VERSION_HEADER,
  INTEGRATION_ERRORS,
  type IntegrationErrorName,
  MAX_IMPORT_ROWS,
  MSG,
  webhookCreateSchema,
  webhookDeliveryBodySchema,
} from '@mde/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { createJsonSchemaTransformObject, type jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INTEGRATION_PREFIX } from '../../plugins/auth';
import { errorStatusesOf } from '../../plugins/openapi-errors';
import { hookList } from '../../plugins/route-hooks';
import { CSV_COLUMNS } from './csv-columns';

// The integration API's contract as the OpenAPI document (/api/docs/json) shows it: every route under
// /api/integration/ with its request, its answers and the errors it really gives, each with an example; every
// event type's payload; the version header on every answer. Routes only declare what they take and answer
// (zod schemas of contracts, with `.meta({ examples })`; parameters `.meta({ example })`); what is the same for
// all of them is added here: the error answers 400/401/403/404/413/415/422/429/503 as plugins/openapi-errors.ts
// derives them from the route, with the real bodies of contracts' INTEGRATION_ERRORS as examples, and the
// headers. A status only one route gives (a 409) it declares itself, e.g.
// `409: apiErrorSchema.meta({ examples: [{ message: …, code: … }] })`; a declared status is kept as it is.
// integration-openapi.routes.test.ts names any route or event type the document leaves incomplete.

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0] & { route?: RouteOptions };
type Json = Record<string, unknown>;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the body a route reads itself as a stream (the imports' JSON array or NDJSON).
     * Fastify neither parses nor checks it; the OpenAPI document shows it as the request body.
     */
    streamedBody?: StreamedBody;
    /** The route takes no body (an action on the object of its path); documented as `x-no-body`. */
    noBody?: true;
  }
}

/** A streamed body as documented: the schema and an example of one row (one NDJSON line, one array element). */
export interface StreamedBody {
  row: z.ZodType;
  example: unknown;
  maxRows: number;
  /** The CSV file's columns (the same file `npm run import` reads). */
  csvColumns: string[];
}

/** The request body of PUT /api/integration/v1/<kind>: the kind's rows (contracts' IMPORT_ROWS). */
export const importBodyOf = (kind: keyof typeof IMPORT_ROWS): StreamedBody => ({
  row: IMPORT_ROWS[kind].schema,
  example: IMPORT_ROWS[kind].example,
  maxRows: MAX_IMPORT_ROWS,
  csvColumns: CSV_COLUMNS[kind].headers,
});

const isIntegration = (url: string) => url.startsWith(INTEGRATION_PREFIX);

/**
 * Every answer of an integration route names the API version (MDE-API-Version: 1.<minor>), set before
 * anything else runs, so a refused key or a rate limit carries it too.
 */
export function registerIntegrationApiVersion(app: FastifyInstance) {
  const stamp = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header(INTEGRATION_API_VERSION_HEADER, INTEGRATION_API_VERSION);
  };
  app.addHook('onRoute', (route) => {
    if (!isIntegration(route.url)) return;
    route.onRequest = [stamp, ...hookList(route.onRequest)];
  });
}

/** The header as each documented answer of an integration route shows it (@fastify/swagger's response headers). */
const versionHeader = {
  type: 'string',
  description: 'Version der Integrations-API (1.<minor>); Änderungen: docs/integration-changelog.md.',
  example: INTEGRATION_API_VERSION,
};
const retryAfterHeader = { type: 'integer', description: 'Sekunden bis zum nächsten Versuch.', example: 30 };
const replayedHeader = {
  type: 'string',
  enum: ['true'],
  description: 'Nur bei einer Wiederholung mit demselben Idempotency-Key: die Antwort der ersten Anfrage.',
};

/** The runtime answers whose schema the document shows in full (the feed sends stored documents as they are). */
const DOCUMENTED_AS = new Map<unknown, z.ZodType>([[eventFeedSchema, documentedEventFeedSchema]]);

const shapeKeys = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});

type NamedError = ErrorExample & { name: string };

/** Whether the route gives this answer, by what it takes; an answer naming fields goes with the routes taking them. */
function gives(name: IntegrationErrorName, example: ErrorExample, schema: Json, route: RouteOptions): boolean {
  const takes = (part: unknown) => shapeKeys(part);
  const input = [...takes(schema.body), ...takes(schema.querystring), ...takes(schema.params)];
  switch (name) {
    case 'VALIDATION':
      return input.length > 0;
    case 'BODY_MISSING':
    case 'NOT_AN_ARRAY':
    case 'TOO_MANY_ROWS':
    case 'CSV_COLUMNS_MISSING':
      return schema.streamedBody !== undefined;
    case 'CSV_LINE_BROKEN':
      // Only a document kind's file is taken whole or not at all.
      return schema.streamedBody !== undefined && DOCUMENT_IMPORT_KINDS.some((kind) => route.url.endsWith(`/${kind}`));
    case 'MALFORMED_JSON':
      return schema.streamedBody !== undefined || schema.body !== undefined;
    case 'UNSAFE_INPUT':
      // A route that refuses such text item by item itself (the imports, row by row) never gives this 400.
      return !route.config?.checksUnsafeInputItself;
  }
  const fields = Object.keys(example.body.fields ?? {});
  const taken = new Set([...input, ...takes(schema.headers)]);
  return fields.every((field) => taken.has(field));
}

/** The error answers of one route by status (contracts' INTEGRATION_ERRORS), among the statuses it can give. */
function errorsOf(schema: Json, route: RouteOptions, statuses: number[]): Map<number, NamedError[]> {
  const byStatus = new Map<number, NamedError[]>();
  for (const [name, catalogued] of Object.entries(INTEGRATION_ERRORS) as [IntegrationErrorName, ErrorExample][]) {
    if (!statuses.includes(catalogued.status) || !gives(name, catalogued, schema, route)) continue;
    const example = { ...validationExample(catalogued, schema), name };
    byStatus.set(example.status, [...(byStatus.get(example.status) ?? []), example]);
  }
  return byStatus;
}

/** A VALIDATION answer names a field the route really takes. */
function validationExample(example: ErrorExample, schema: Json): ErrorExample {
  if (example.body.code !== 'VALIDATION') return example;
  const fields = [...shapeKeys(schema.body), ...shapeKeys(schema.querystring), ...shapeKeys(schema.params)];
  const [field] = fields;
  // The catalogue's own example where the route takes its field; else the route's first field, wrongly typed.
  if (!field || Object.keys(example.body.fields ?? {}).some((name) => fields.includes(name))) return example;
  return { ...example, body: { ...example.body, fields: { [field]: MSG.invalidValue } } };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Ungültige Anfrage; `code` sagt, was nicht stimmt, `fields` nennt die Felder.',
  401: 'Der API-Schlüssel fehlt, ist unbekannt oder widerrufen.',
  403: 'Der API-Schlüssel hat nicht den Scope dieser Route.',
  404: 'Das Objekt des Pfads gibt es nicht.',
  409: 'Konflikt mit dem aktuellen Stand.',
  413: 'Der Inhalt ist zu groß.',
  415: 'Der Content-Type wird nicht angenommen.',
  422: 'Derselbe Idempotency-Key kam schon mit einer anderen Anfrage.',
  429: 'Zu viele Anfragen mit diesem Schlüssel.',
  503: 'Der Server ist ausgelastet; später erneut versuchen.',
};

/** The route's own schema as the document shows it: the documented answers and the error answers it can give. */
function prepared(schema: Json, route: RouteOptions): { schema: Json; errors: Map<number, NamedError[]> } {
  const { streamedBody: _streamed, noBody: _noBody, ...own } = schema;
  const response: Json = {};
  for (const [status, answer] of Object.entries((own.response as Json | undefined) ?? {})) {
    response[status] = DOCUMENTED_AS.get(answer) ?? answer;
  }
  const errors = errorsOf(schema, route, errorStatusesOf(route, { ...own, body: own.body ?? schema.streamedBody }));
  for (const status of errors.keys()) {
    // The shared error body { message, code, fields? } of plugins/errors.ts; a status the route documents itself stays.
    response[status] ??= {
      description: ERROR_DESCRIPTIONS[status] ?? 'Fehler',
      content: { 'application/json': { schema: apiErrorSchema } },
    };
  }
  return { schema: { ...own, response }, errors };
}

/** One OpenAPI 3.0 example object per real answer: the summary says when it comes. */
const namedExamples = (examples: NamedError[]) =>
  Object.fromEntries(examples.map((e) => [e.name, { summary: e.summary, value: e.body }]));

/** The JSON schema of a zod schema as the route transform makes it (OpenAPI 3.0, request side). */
function requestJson(base: Transform, document: TransformInput, schema: z.ZodType): Json {
  const converted = base({ ...document, schema: { body: schema } } as TransformInput);
  return (converted.schema as { body: Json }).body;
}

/** Where the OpenAPI document keeps a schema of contracts that has an id (`.meta({ id })`). */
const componentRef = (schema: z.ZodType) => ({ $ref: `#/components/schemas/${z.globalRegistry.get(schema)?.id}` });

/** OpenAPI 3.0 callbacks: what a webhook subscription receives at its URL. */
const webhookCallbacks = () => ({
  Ereignis: {
    '{$request.body#/url}': {
      post: {
        requestBody: {
          required: true,
          description:
            'Zustellung eines Ereignisses an die Adresse des Abonnements (Standard Webhooks). Kopfzeilen ' +
            '`webhook-id` (die ID des Ereignisses, bei jeder Wiederholung gleich), `webhook-timestamp` und ' +
            '`webhook-signature` (HMAC-SHA256 mit dem Geheimnis `whsec_…` der Anlage). Nur eine 2xx-Antwort gilt ' +
            'als zugestellt; sonst wird wiederholt, nach 24 Stunden ohne Erfolg wird das Abonnement abgeschaltet.',
          content: { 'application/json': { schema: componentRef(webhookDeliveryBodySchema) } },
        },
        responses: { '2XX': { description: 'Angenommen.' } },
      },
    },
  },
});

/**
 * The route transform with the integration API's parts: for a route under /api/integration/ the documented
 * answers and error answers (with examples), a streamed request body, the version header on every answer and
 * the deliveries of a webhook subscription; every other route as `base` documents it.
 */
export function integrationDocsTransform(base: Transform): Transform {
  return (input) => {
    const document = input as TransformInput;
    const { route, schema } = document;
    if (!route || !isIntegration(route.url) || !schema || (schema as Json).hide) return base(input);
    const own = schema as Json;
    const { schema: documented, errors } = prepared(own, route);
    const result = base({ ...document, schema: documented } as TransformInput);
    const out = result.schema as Json;
    const keyed = shapeKeys(own.headers).includes('idempotency-key');
    for (const [status, answer] of Object.entries((out.response ?? {}) as Record<string, Json>)) {
      answer.headers = {
        ...(answer.headers as Json | undefined),
        [INTEGRATION_API_VERSION_HEADER]: versionHeader,
        ...((status === '429' || status === '503') && { 'Retry-After': retryAfterHeader }),
        ...(keyed && status.startsWith('2') && { 'Idempotent-Replayed': replayedHeader }),
      };
      const media = (answer.content as Record<string, Json> | undefined)?.['application/json'];
      const examples = errors.get(Number(status));
      if (examples && media && !media.examples) media.examples = namedExamples(examples);
    }
    const streamed = own.streamedBody as StreamedBody | undefined;
    if (streamed) {
      const rows = requestJson(base, document, z.array(streamed.row).max(streamed.maxRows));
      const row = requestJson(base, document, streamed.row);
      out.body = {
        content: {
          'application/json': { schema: { ...rows, examples: [[streamed.example]] } },
          'application/x-ndjson': {
            schema: { ...row, description: 'Eine Zeile je Datensatz (NDJSON).', examples: [streamed.example] },
          },
          'text/csv': {
            schema: {
              type: 'string',
              description:
                'Die CSV-Datei der Art, wie `npm run import` sie liest (`;` oder `,`, UTF-8 oder Windows-1252, ' +
                'Zahlen deutsch); Spalten: docs/import/README.md. Abweisungen nennen dann auch `line` und `column`.',
              examples: [`${streamed.csvColumns.join(';')}\n`],
            },
          },
        },
      };
    }
    if (own.noBody) out['x-no-body'] = true;
    if (own.body === webhookCreateSchema) out.callbacks = webhookCallbacks();
    return result;
  };
}

/**
 * The components the integration routes refer to (`.meta({ id })` in contracts: each event type's payload,
 * the webhook delivery), as the route transform converts them; handed to @fastify/swagger, which writes their
 * examples the OpenAPI 3.0 way.
 */
export function integrationComponents(): Record<string, Json> {
  const all = createJsonSchemaTransformObject({})({ openapiObject: { openapi: '3.0.3', components: {} } } as never);
  const schemas = (all as { components?: { schemas?: Record<string, Json> } }).components?.schemas ?? {};
  // Only the answers' side: the request side of a schema that is only ever answered is no component of its own.
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => !name.endsWith('Input')));
}

/** The document's info: the integration API's version, with what the rest of the document is. */
export function integrationInfo(appVersion: string) {
  return {
    title: 'MDE API',
    version: INTEGRATION_API_VERSION,
    description:
      `Die Integrations-API unter \`/api/integration/v1\` hat die Version ${INTEGRATION_API_VERSION} (Kopfzeile ` +
      `\`MDE-API-Version\` jeder Antwort); Änderungen nur hinzufügend, jede mit Eintrag in ` +
      `docs/integration-changelog.md. Ereignistypen: ${EVENT_TYPES.join(', ')}. Die übrigen Routen gehören zur ` +
      `App (Version ${appVersion}) und können sich mit ihr ändern.`,
  };
}
