import {
  deliveryNoteArticleParamsSchema,
  deliveryNoteBookingSchema,
  deliveryNoteCorrectionSchema,
  deliveryNoteDetailSchema,
  deliveryNoteListQuerySchema,
  deliveryNoteParamsSchema,
  deliveryNoteScanSchema,
  documentSummarySchema,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthContext, requireAuth } from '../../plugins/auth';
import * as service from './delivery-notes.service';

// Spec §6: editing needs SOFTAPPS.DELIVERY_NOTE_EDIT; reading is open to the goods-receipt staff too, who see
// the screen read-only.
const read = { access: { anyPermission: ['SOFTAPPS.DELIVERY_NOTE_EDIT' as const, 'WARENVERPROBUNG' as const] } };
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
