import {
  IMPORT_KIND_DOCS,
  IMPORT_KIND_SCOPES,
  type ImportKind,
  idempotencyHeadersSchema,
  importResultSchema,
} from '@mde/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { clientOfApiKey, keyedRequest } from '../../lib/idempotency';
import { requireApiKey } from '../../plugins/auth';
import { readImportBody } from './import-body';
import { runImport } from './integration.service';

/** A body schema that only describes the stream the handler reads and checks itself; headers are validated as everywhere. */
const describedBodyOnly: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? (data) => ({ value: data })
    : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

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
    // A kind whose rows the OpenAPI document shows (with examples): the body schema is there for the document
    // only, the handler reads and checks the stream row by row.
    const documented = IMPORT_KIND_DOCS[kind];
    app.put(
      `/${kind}`,
      {
        // Rows with text no database can store are refused one by one, with their index.
        config: { access: { apiKey: scope as (typeof IMPORT_KIND_SCOPES)[ImportKind] }, checksUnsafeInputItself: true },
        schema: {
          tags,
          summary: documented
            ? `Beleg-Import ${kind}: Upsert per natürlichem Schlüssel, ein Beleg je Zeile mit seinen Positionen (JSON-Array oder NDJSON)`
            : `Stammdaten-Import ${kind}: Upsert per Firma + Nummer (JSON-Array oder NDJSON)`,
          headers: idempotencyHeadersSchema,
          ...(documented ? { body: documented.body } : {}),
          response: { 200: documented?.result ?? importResultSchema },
        },
        ...(documented ? { validatorCompiler: describedBodyOnly } : {}),
      },
      async (request, reply) => {
        const key = requireApiKey(request);
        const body = await readImportBody(request, app.env.INTEGRATION_MAX_BODY_BYTES);
        // The key's request is the body's bytes as sent (hashed while read), never a re-serialization.
        const keyed = keyedRequest(request, clientOfApiKey(key.keyId), { body: body.hash });
        const outcome = await runImport(app.database.db, kind, body, keyed);
        if (outcome.replayed) reply.header('idempotent-replayed', 'true');
        return outcome.body;
      },
    );
  }
};
