import {
  deliveryNoteArticleParamsSchema,
  deliveryNoteBookingSchema,
  deliveryNoteCorrectionSchema,
  deliveryNoteDetailSchema,
  deliveryNoteImportSchema,
  deliveryNoteListQuerySchema,
  deliveryNoteParamsSchema,
  deliveryNoteScanSchema,
  documentFormatQuerySchema,
  documentSummarySchema,
  idempotencyHeadersSchema,
  integrationDocumentSchema,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyOnce, clientOfUser, keyedRequest } from '../../lib/idempotency';
import { type AuthContext, requireAuth } from '../../plugins/auth';
import { importDeliveryNote, NOTE_READERS } from './delivery-note-import.service';
import * as service from './delivery-notes.service';

// docs/spec.md §6: editing needs SOFTAPPS.DELIVERY_NOTE_EDIT; reading is open to the goods-receipt staff too, who see
// the screen read-only.
const read = { access: { anyPermission: NOTE_READERS } };
const edit = { access: { anyPermission: ['SOFTAPPS.DELIVERY_NOTE_EDIT' as const] } };
const tags = ['delivery-notes'];
const writerOf = (auth: AuthContext): service.Writer => ({
  firmaId: auth.firmaId,
  vkforgId: auth.vkforgId,
  userId: auth.userId,
});

/** Lieferscheine; mounted at /api/v1/delivery-notes. */
export const deliveryNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/',
    {
      config: read,
      schema: { tags, querystring: deliveryNoteListQuerySchema, response: { 200: z.array(documentSummarySchema) } },
    },
    async (request) => service.listDeliveryNotes(db(), writerOf(requireAuth(request)), request.query),
  );

  // A delivery note arriving from an ERP or EDI link (docs/spec.md §6: whoever edits delivery notes may enter one).
  app.post(
    '/',
    {
      config: edit,
      schema: {
        tags,
        body: deliveryNoteImportSchema,
        // The optional Idempotency-Key of an import: the link sends it again with a retry.
        headers: idempotencyHeadersSchema,
        response: { 200: deliveryNoteDetailSchema, 201: deliveryNoteDetailSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const keyed = keyedRequest(request, clientOfUser(auth.userId));
      const outcome = await applyOnce(db(), keyed, 201, (trx) => importDeliveryNote(trx, writerOf(auth), request.body));
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      reply.status(outcome.status as 201);
      return outcome.body;
    },
  );

  app.get(
    '/offline',
    { config: read, schema: { tags, response: { 200: z.array(deliveryNoteDetailSchema) } } },
    async (request) => service.deliveryNoteSnapshot(db(), writerOf(requireAuth(request))),
  );

  app.get(
    '/:id',
    { config: read, schema: { tags, params: deliveryNoteParamsSchema, response: { 200: deliveryNoteDetailSchema } } },
    async (request) => service.deliveryNoteDetail(db(), writerOf(requireAuth(request)), request.params.id),
  );

  // A booked note as a file (docs/integration.md#belege-herunterladen), for whoever may read the note.
  app.get(
    '/:id/download',
    {
      config: read,
      schema: {
        tags,
        summary: 'Gebuchter Lieferschein als Datei: ?format=csv (deutsches Excel) oder ?format=json',
        params: deliveryNoteParamsSchema,
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
      const scope = writerOf(requireAuth(request));
      const file = await service.bookedNoteDownload(db(), scope, request.params.id, request.query.format ?? 'json');
      return reply.type(file.contentType).header('content-disposition', file.disposition).send(file.body);
    },
  );

  app.post(
    '/:id/scans',
    {
      config: edit,
      schema: {
        tags,
        params: deliveryNoteParamsSchema,
        body: deliveryNoteScanSchema,
        response: { 200: deliveryNoteDetailSchema },
      },
    },
    async (request) => {
      const writer = writerOf(requireAuth(request));
      return db()
        .transaction()
        .execute((trx) => service.countScan(trx, writer, request.params.id, request.body));
    },
  );

  app.put(
    '/:id/counts/:articleId',
    {
      config: edit,
      schema: {
        tags,
        params: deliveryNoteArticleParamsSchema,
        body: deliveryNoteCorrectionSchema,
        response: { 200: deliveryNoteDetailSchema },
      },
    },
    async (request) => {
      const writer = writerOf(requireAuth(request));
      const { id, articleId } = request.params;
      return db()
        .transaction()
        .execute((trx) => service.correctCount(trx, writer, id, articleId, request.body));
    },
  );

  app.post(
    '/:id/booking',
    {
      config: edit,
      schema: {
        tags,
        params: deliveryNoteParamsSchema,
        body: deliveryNoteBookingSchema,
        response: { 200: deliveryNoteDetailSchema },
      },
    },
    async (request) => {
      const writer = writerOf(requireAuth(request));
      return db()
        .transaction()
        .execute((trx) => service.bookNote(trx, writer, request.params.id, request.body));
    },
  );
};
