import {
  IMPORT_KIND_DOCS,
  IMPORT_KIND_SCOPES,
  IMPORT_RESULT_SCHEMAS,
  type ImportKind,
  idempotencyHeadersSchema,
  importFullQuerySchema,
  isDocumentImportKind,
} from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOfApiKey, keyedRequest } from '../../lib/idempotency';
import { requireApiKey } from '../../plugins/auth';
import { readImportBody } from './import-body';
import { REPLACING_KINDS, runImport } from './integration.service';
import { importBodyOf } from './integration-openapi';

// What a kind's rows mean where the summary's 'Firma + Nummer' does not say it (docs/import/README.md).
const DESCRIPTIONS: Partial<Record<ImportKind, string>> = {
  turnover:
    'Umsatz je Artikel, Filiale und Kalendermonat (Firma + Artikel + VKFORG + Monat), netto: Menge in der ' +
    'Basiseinheit, Betrag in Cent. Gespeichert werden die neuesten 24 Monate je Artikel und Filiale; ein Monat ' +
    'nach dem laufenden oder vor diesem Fenster wird abgewiesen.',
  'open-orders':
    'Offene Bestellzeilen je Filiale (Firma + VKFORG + Bestellnummer + Artikel). Menge 0 entfernt eine Zeile. ' +
    'Mit `?full=true` enthält die Anfrage alle offenen Bestellungen der Filialen, die sie nennt: die übrigen ' +
    'Zeilen dieser Filialen werden entfernt, aber nur, wenn keine Zeile abgewiesen wurde.',
};

/**
 * The integration API for machine clients (API keys only, see plugins/auth.ts). PUT /<kind> upserts master
 * data by natural key: a JSON array, NDJSON or the kind's CSV file, read as a stream up to
 * INTEGRATION_MAX_BODY_BYTES.
 */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body stays a stream: the import reads it with its own bound, and NDJSON line by line.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'application/x-ndjson', 'text/csv'], (_request, payload, done) =>
    done(null, payload),
  );
  const tags = ['integration'];
  for (const [kind, scope] of Object.entries(IMPORT_KIND_SCOPES) as [ImportKind, string][]) {
    const replaces = REPLACING_KINDS.includes(kind);
    app.put(
      `/${kind}`,
      {
        // Rows with text no database can store are refused one by one, with their index.
        config: { access: { apiKey: scope as (typeof IMPORT_KIND_SCOPES)[ImportKind] }, checksUnsafeInputItself: true },
        schema: {
          tags,
          summary: isDocumentImportKind(kind)
            ? `Beleg-Import ${kind}: Upsert per natürlichem Schlüssel, ein Beleg je Zeile mit seinen Positionen (JSON-Array, NDJSON oder CSV wie npm run import)`
            : `Stammdaten-Import ${kind}: Upsert per Firma + Nummer (JSON-Array, NDJSON oder CSV wie npm run import)`,
          ...(DESCRIPTIONS[kind] ? { description: DESCRIPTIONS[kind] } : {}),
          headers: idempotencyHeadersSchema,
          ...(replaces ? { querystring: importFullQuerySchema } : {}),
          // Documented only: the body stays the stream readImportBody reads.
          streamedBody: importBodyOf(kind),
          response: { 200: isDocumentImportKind(kind) ? IMPORT_KIND_DOCS[kind].result : IMPORT_RESULT_SCHEMAS[kind] },
        },
      },
      async (request, reply) => {
        const key = requireApiKey(request);
        const body = await readImportBody(request, kind, app.env.INTEGRATION_MAX_BODY_BYTES);
        // The key's request is the body's bytes as sent (hashed while read), never a re-serialization.
        const keyed = keyedRequest(request, clientOfApiKey(key.keyId), { body: body.hash });
        const full = replaces && (request.query as { full?: boolean }).full === true;
        // Only rows of the key's firmas are imported; the others come back refused (field firma).
        const outcome = await runImport(app.database.db, kind, body, keyed, key.firmaIds, { full });
        if (outcome.replayed) reply.header('idempotent-replayed', 'true');
        return outcome.body;
      },
    );
  }
};
