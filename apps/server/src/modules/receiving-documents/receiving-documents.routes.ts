import {
  type DocumentVariant,
  documentDetailSchema,
  documentParamsSchema,
  documentScanParamsSchema,
  documentSearchQuerySchema,
  documentSnapshotSchema,
  documentSummarySchema,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthContext, requireAuth } from '../../plugins/auth';
import * as service from './receiving-documents.service';

// docs/spec.md §6: the documents are Warenverprobung's (WARENVERPROBUNG); everyone else is refused (403). The delivery
// notes read their goods receipts through the service, under their own permission, never through these routes.
const access = { access: { anyPermission: ['WARENVERPROBUNG' as const] } };
const tags = ['receiving-documents'];
const scopeOf = (auth: AuthContext): service.Scope => ({ firmaId: auth.firmaId, vkforgId: auth.vkforgId });

/** The docs/spec.md §7 paths of each document kind. */
const KINDS: { path: string; variante: DocumentVariant }[] = [
  { path: 'bestellung', variante: 'BESTELLUNG' },
  { path: 'warenuebernahme', variante: 'WARENUEBERNAHME' },
];

/** Purchase orders and goods receipts; mounted at /api/v1. */
export const receivingDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/belege',
    {
      config: access,
      schema: { tags, querystring: documentSearchQuerySchema, response: { 200: z.array(documentSummarySchema) } },
    },
    async (request) => service.searchDocuments(db(), scopeOf(requireAuth(request)), request.query),
  );

  app.get(
    '/belege/offline',
    { config: access, schema: { tags, response: { 200: documentSnapshotSchema } } },
    async (request) => service.documentSnapshot(db(), scopeOf(requireAuth(request))),
  );

  for (const { path, variante } of KINDS) {
    app.get(
      `/${path}/scan/:code`,
      {
        config: access,
        schema: { tags, params: documentScanParamsSchema, response: { 200: documentDetailSchema } },
      },
      async (request) => service.scanDocument(db(), scopeOf(requireAuth(request)), variante, request.params.code),
    );
    app.get(
      `/${path}/:id`,
      { config: access, schema: { tags, params: documentParamsSchema, response: { 200: documentDetailSchema } } },
      async (request) => service.loadDocument(db(), scopeOf(requireAuth(request)), variante, request.params.id),
    );
  }
};
