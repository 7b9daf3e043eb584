import { IMPORT_KIND_SCOPES, type ImportKind, idempotencyHeadersSchema, importResultSchema } from '@mde/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOfApiKey, keyedRequest } from '../../lib/idempotency';
import { requireApiKey } from '../../plugins/auth';
import { readImportBody } from './import-body';
import { runImport } from './integration.service';

/**
 * The integration API for machine clients (API keys only, see plugins/auth.ts). PUT /<kind> upserts master
 * data by natural key: a JSON array or NDJSON, read as a stream up to INTEGRATION_MAX_BODY_BYTES.
 */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body stays a stream: the import reads it with its own bound, and NDJSON line by line.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'application/x-ndjson'], (_request, payload, done) =>
    done(null, payload),
  );
  const tags = ['integration'];
  for (const [kind, scope] of Object.entries(IMPORT_KIND_SCOPES) as [ImportKind, string][]) {
    app.put(
      `/${kind}`,
      {
        // Rows with text no database can store are refused one by one, with their index.
        config: { access: { apiKey: scope as (typeof IMPORT_KIND_SCOPES)[ImportKind] }, checksUnsafeInputItself: true },
        schema: {
          tags,
          summary: `Stammdaten-Import ${kind}: Upsert per Firma + Nummer (JSON-Array oder NDJSON)`,
          headers: idempotencyHeadersSchema,
          response: { 200: importResultSchema },
        },
      },
      async (request, reply) => {
        const key = requireApiKey(request);
        const body = await readImportBody(request, app.env.INTEGRATION_MAX_BODY_BYTES);
        // The key's request is the body's bytes as sent (hashed while read), never a re-serialization.
        const keyed = keyedRequest(request, clientOfApiKey(key.keyId), { body: body.hash });
        // Only rows of the key's firmas are imported; the others come back refused (field firma).
        const outcome = await runImport(app.database.db, kind, body, keyed, key.firmaIds);
        if (outcome.replayed) reply.header('idempotent-replayed', 'true');
        return outcome.body;
      },
    );
  }
};
