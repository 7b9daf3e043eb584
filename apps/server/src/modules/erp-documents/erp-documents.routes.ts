import {
  documentFormatQuerySchema,
  documentListQuerySchema,
  integrationDocumentListSchema,
  integrationDocumentParamsSchema,
  integrationDocumentSchema,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireApiKey } from '../../plugins/auth';
import { documentDownload } from '../integration-events/document-file';
import { findDocumentForErp, listDocumentsForErp } from './erp-documents.service';

const tags = ['integration'];
// The events' readers read the documents too: the same documents, also after their events left the feed.
const access = { apiKey: 'events:read' } as const;

const csvExample = [
  '\uFEFFFirma;Verkaufsorganisation;Lager;Lieferant;Belegart;Belegnummer;Belegdatum;Liefertermin;Exportiert am;' +
    'Erfasst von;EDI;Position;Artikelnummer;Bezeichnung;Menge;Einheit;Faktor;EAN/GTIN;Lagerort;Grund;Charge;MHD;' +
    'Erfassungszeitpunkt',
  '2;2100;L01;;Inventur;IN-2026-000017;2026-11-28;;2026-11-28 17:05:12;Petra Demo;;1;4711;Äpfel Elstar;12,5;kg;1;' +
    '04000000000017;R01-02;;;;2026-11-28 16:58:40',
  '',
].join('\n');

/** The ERP's documents, mounted at /api/integration/v1 with the event feed (API keys only). */
export const erpDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documents',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Belege: jeder exportierte oder gebuchte Beleg, ältester zuerst, mit Filtern und Cursor',
        querystring: documentListQuerySchema,
        response: { 200: integrationDocumentListSchema },
      },
    },
    async (request) => listDocumentsForErp(app.database.db, requireApiKey(request).firmaIds, request.query),
  );

  app.get(
    '/documents/:id',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Ein Beleg als JSON (wie das document seines Ereignisses) oder als CSV (Accept: text/csv, ?format=csv)',
        params: integrationDocumentParamsSchema,
        querystring: documentFormatQuerySchema,
        response: {
          200: {
            description: 'Der Beleg; als CSV für deutsches Excel (UTF-8 mit BOM, `;`, Dezimalkomma).',
            content: {
              'application/json': { schema: integrationDocumentSchema },
              'text/csv': { schema: z.string().meta({ examples: [csvExample] }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const document = await findDocumentForErp(app.database.db, requireApiKey(request).firmaIds, request.params.id);
      const format = request.query.format ?? (wantsCsv(request.headers.accept) ? 'csv' : 'json');
      if (format === 'json') return document;
      const file = documentDownload(document, 'csv');
      return reply.type(file.contentType).header('content-disposition', file.disposition).send(file.body);
    },
  );
};

/** `Accept: text/csv` asks for the CSV; JSON stays the default for everything else (also `*\/*`). */
const wantsCsv = (accept: string | undefined) => /(^|,)\s*text\/csv\b/i.test(accept ?? '');
