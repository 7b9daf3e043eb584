import {
  CAPTURE_MSG,
  captureArticleParamsSchema,
  captureArticleSchema,
  captureClientIdSchema,
  captureDocumentDetailSchema,
  captureDocumentSchema,
  captureExportInputSchema,
  captureExportResultSchema,
  captureHeaderInputSchema,
  captureLineDeleteSchema,
  captureLineInputSchema,
  captureLineResultSchema,
  captureSchema,
  documentFormatQuerySchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyHeadersSchema,
  integrationDocumentSchema,
  intTextSchema,
  supplierSchema,
  supplierSearchQuerySchema,
  syncRequestSchema,
  syncResponseSchema,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error';
import { applyOnce, clientOfUser, keyedRequest } from '../../lib/idempotency';
import { requireAuth } from '../../plugins/auth';
import { findSuppliers, getCaptureArticle } from './capture-article.service';
import { exportCapture, putHeader, putLine, removeLine } from './capture-commands';
import { type CapturePolicy, policyMap } from './capture-policy';
import { syncChanges } from './capture-sync.service';
import { getCapture, getDocument, getDocuments } from './captures.service';
import { documentDownload } from './exported-documents.service';

const clientIdParams = z.strictObject({ clientId: captureClientIdSchema });
const documentParams = z.strictObject({ id: intTextSchema(1, Number.MAX_SAFE_INTEGER) });
// A 5,000-change outbox batch is about 1.2 MB of JSON; the app-wide limit stays at 1 MB.
const SYNC_BODY_LIMIT = 6 * 1_048_576;

/** Capture engine, mounted at /api/v1/captures: one set of routes per module, each behind its permission. */
export const captureRoutes: FastifyPluginAsyncZod<{ policies: readonly CapturePolicy[] }> = async (app, options) => {
  const db = () => app.database.db;
  const policies = policyMap(options.policies);

  app.post(
    '/sync',
    {
      // Every logged-in user may sync; each change is checked against its module's permission.
      config: { access: { authenticated: true }, checksUnsafeInputItself: true },
      bodyLimit: SYNC_BODY_LIMIT,
      schema: { tags: ['captures'], body: syncRequestSchema, response: { 200: syncResponseSchema } },
    },
    async (request) => syncChanges(db(), policies, requireAuth(request), request.body),
  );

  app.get(
    '/suppliers',
    {
      // Retouren picks its supplier here; any capture module may show supplier names.
      config: { access: { anyPermission: options.policies.map((p) => p.info.permission) } },
      schema: {
        tags: ['captures'],
        querystring: supplierSearchQuerySchema,
        response: { 200: z.array(supplierSchema) },
      },
    },
    async (request) => findSuppliers(db(), requireAuth(request), request.query.q),
  );

  for (const policy of options.policies) await registerModule(policy);

  async function registerModule(policy: CapturePolicy) {
    const module = policy.info.key;
    const config = { access: { anyPermission: [policy.info.permission] } };
    const tags = ['captures'];

    app.get(`/${module}`, { config, schema: { tags, response: { 200: captureSchema } } }, async (request) =>
      getCapture(db(), requireAuth(request), module),
    );

    app.put(
      `/${module}/header`,
      { config, schema: { tags, body: captureHeaderInputSchema, response: { 200: captureSchema } } },
      async (request) => {
        const session = requireAuth(request);
        await putHeader(db(), policies, session, module, request.body);
        return getCapture(db(), session, module);
      },
    );

    app.put(
      `/${module}/lines/:clientId`,
      {
        config,
        schema: {
          tags,
          params: clientIdParams,
          body: captureLineInputSchema,
          response: { 200: captureLineResultSchema },
        },
      },
      async (request) => putLine(db(), policies, requireAuth(request), module, request.params.clientId, request.body),
    );

    app.delete(
      `/${module}/lines/:clientId`,
      {
        config,
        schema: {
          tags,
          params: clientIdParams,
          body: captureLineDeleteSchema.nullish(),
          response: { 200: captureLineResultSchema },
        },
      },
      async (request) =>
        removeLine(db(), policies, requireAuth(request), module, request.params.clientId, request.body?.updatedAt),
    );

    app.post(
      `/${module}/export`,
      {
        config,
        schema: {
          tags,
          body: captureExportInputSchema.nullish(),
          headers: idempotencyHeadersSchema,
          response: { 200: captureExportResultSchema },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const keyMissing = () =>
          badRequest(CAPTURE_MSG.exportKeyMissing, { [IDEMPOTENCY_KEY_HEADER]: CAPTURE_MSG.exportKeyMissing });
        const keyed = keyedRequest(request, clientOfUser(auth.userId), {
          missing: keyMissing,
          invalid: keyMissing,
          body: request.body ?? {},
        });
        if (!keyed) throw keyMissing();
        const outcome = await applyOnce(db(), keyed, 200, (trx) =>
          exportCapture(trx, policies, auth, module, keyed.key, request.body ?? {}),
        );
        if (outcome.replayed) reply.header('idempotent-replayed', 'true');
        return outcome.body;
      },
    );

    app.get(
      `/${module}/documents`,
      { config, schema: { tags, response: { 200: z.array(captureDocumentSchema) } } },
      async (request) => getDocuments(db(), requireAuth(request), module),
    );

    app.get(
      `/${module}/documents/:id`,
      { config, schema: { tags, params: documentParams, response: { 200: captureDocumentDetailSchema } } },
      async (request) => getDocument(db(), requireAuth(request), module, request.params.id),
    );

    // The document as a file, CSV for German Excel or JSON as the ERP gets it (docs/integration.md#belege-herunterladen),
    // behind the same permission as the document: a link the phone downloads with the session cookie.
    app.get(
      `/${module}/documents/:id/download`,
      {
        config,
        schema: {
          tags,
          summary: 'Beleg als Datei: ?format=csv (deutsches Excel) oder ?format=json (wie das ERP ihn bekommt)',
          params: documentParams,
          querystring: documentFormatQuerySchema,
          response: {
            200: {
              description: 'Die Datei als Anhang (Content-Disposition mit deutschem Dateinamen).',
              content: {
                'application/json': { schema: integrationDocumentSchema },
                'text/csv': { schema: z.string() },
              },
            },
          },
        },
      },
      async (request, reply) => {
        const format = request.query.format ?? 'json';
        const file = await documentDownload(db(), requireAuth(request), module, request.params.id, format);
        return reply.type(file.contentType).header('content-disposition', file.disposition).send(file.body);
      },
    );

    app.get(
      `/${module}/articles/:articleId`,
      {
        config,
        schema: { tags, params: captureArticleParamsSchema, response: { 200: captureArticleSchema } },
      },
      async (request) => getCaptureArticle(db(), requireAuth(request), policy, request.params.articleId),
    );

    if (policy.routes) await app.register(policy.routes, { prefix: `/${module}` });
  }
};
