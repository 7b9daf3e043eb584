import {
  CAPTURE_MODULES,
  CAPTURE_MSG,
  CAPTURE_PERMISSION,
  type CaptureModule,
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
  IDEMPOTENCY_KEY_HEADER,
  orderProposalSchema,
  proposalParamsSchema,
  supplierSchema,
  supplierSearchQuerySchema,
  syncRequestSchema,
  syncResponseSchema,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error';
import { requireAuth } from '../../plugins/auth';
import { findSuppliers, getCaptureArticle } from './capture-article.service';
import { exportOnce, putHeader, putLine, removeLine } from './capture-commands';
import { syncChanges } from './capture-sync.service';
import { getCapture, getDocument, getDocuments, getProposal } from './captures.service';
import { EXPORT_KEY_PATTERN } from './export-key';

const clientIdParams = z.strictObject({ clientId: captureClientIdSchema });
const documentParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
// A 5,000-change outbox batch is about 1.2 MB of JSON; the app-wide limit stays at 1 MB.
const SYNC_BODY_LIMIT = 6 * 1_048_576;

/** Capture engine, mounted at /api/v1/captures: one set of routes per module, each behind its permission. */
export const captureRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.post(
    '/sync',
    {
      // Every logged-in user may sync; each change is checked against its module's permission.
      config: { access: { authenticated: true }, checksUnsafeInputItself: true },
      bodyLimit: SYNC_BODY_LIMIT,
      schema: { tags: ['captures'], body: syncRequestSchema, response: { 200: syncResponseSchema } },
    },
    async (request) => syncChanges(db(), requireAuth(request), request.body),
  );

  app.get(
    '/suppliers',
    {
      // Retouren picks its supplier here; any capture module may show supplier names.
      config: { access: { anyPermission: Object.values(CAPTURE_PERMISSION) } },
      schema: {
        tags: ['captures'],
        querystring: supplierSearchQuerySchema,
        response: { 200: z.array(supplierSchema) },
      },
    },
    async (request) => findSuppliers(db(), requireAuth(request), request.query.q),
  );

  for (const module of CAPTURE_MODULES) registerModule(module);

  function registerModule(module: CaptureModule) {
    const config = { access: { anyPermission: [CAPTURE_PERMISSION[module]] } };
    const tags = ['captures'];

    app.get(`/${module}`, { config, schema: { tags, response: { 200: captureSchema } } }, async (request) =>
      getCapture(db(), requireAuth(request), module),
    );

    app.put(
      `/${module}/header`,
      { config, schema: { tags, body: captureHeaderInputSchema, response: { 200: captureSchema } } },
      async (request) => {
        const session = requireAuth(request);
        await putHeader(db(), session, module, request.body);
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
      async (request) => putLine(db(), requireAuth(request), module, request.params.clientId, request.body),
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
        removeLine(db(), requireAuth(request), module, request.params.clientId, request.body?.updatedAt),
    );

    app.post(
      `/${module}/export`,
      {
        config,
        schema: { tags, body: captureExportInputSchema.nullish(), response: { 200: captureExportResultSchema } },
      },
      async (request) => {
        const key = request.headers[IDEMPOTENCY_KEY_HEADER];
        if (typeof key !== 'string' || !EXPORT_KEY_PATTERN.test(key)) {
          throw badRequest(CAPTURE_MSG.exportKeyMissing, { [IDEMPOTENCY_KEY_HEADER]: CAPTURE_MSG.exportKeyMissing });
        }
        return exportOnce(db(), requireAuth(request), module, key, request.body ?? {});
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

    app.get(
      `/${module}/articles/:articleId`,
      {
        config,
        schema: { tags, params: captureArticleParamsSchema, response: { 200: captureArticleSchema } },
      },
      async (request) => getCaptureArticle(db(), requireAuth(request), module, request.params.articleId),
    );

    if (module === 'mde-bestellvorschlag') {
      app.get(
        `/${module}/proposal/:articleId`,
        { config, schema: { tags, params: proposalParamsSchema, response: { 200: orderProposalSchema } } },
        async (request) => getProposal(db(), requireAuth(request), request.params.articleId),
      );
    }
  }
};
