import { INTEGRATION_MSG, INTEGRATION_SCOPES, integrationFirmasSchema } from './integration';
import { z } from './zod';

/**
 * The admin area's integration section (`/api/v1/admin/integration`): API keys and webhook subscriptions. Each
 * belongs to the firmas it was made for; an admin sees and changes only those whose firmas they all hold, and
 * makes new ones only for their own firmas (docs/administration.md#integration).
 */
export const ADMIN_INTEGRATION_MSG = {
  name: 'Bitte einen Namen mit 1 bis 100 Zeichen angeben',
  scopes: 'Bitte mindestens eine Berechtigung wählen',
  firmas: INTEGRATION_MSG.firmasMissing,
  keyNotFound: 'Kein aktiver API-Schlüssel mit dieser Nummer',
} as const;

export const adminApiKeyCreateSchema = z.strictObject({
  name: z
    .string({ error: ADMIN_INTEGRATION_MSG.name })
    .trim()
    .min(1, ADMIN_INTEGRATION_MSG.name)
    .max(100, ADMIN_INTEGRATION_MSG.name),
  scopes: z
    .array(z.enum(INTEGRATION_SCOPES, { error: ADMIN_INTEGRATION_MSG.scopes }), { error: ADMIN_INTEGRATION_MSG.scopes })
    .min(1, ADMIN_INTEGRATION_MSG.scopes)
    .max(INTEGRATION_SCOPES.length),
  firmas: integrationFirmasSchema,
});
export type AdminApiKeyCreate = z.infer<typeof adminApiKeyCreateSchema>;

/** A key as listed: never its secret, only the first characters that tell keys apart. */
export const adminApiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  /** The firmas whose data the key imports and whose events it reads. */
  firmas: z.array(z.number()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type AdminApiKey = z.infer<typeof adminApiKeySchema>;
/** The keys an admin sees, and the admin's firmas a new key may be made for. */
export const adminApiKeysSchema = z.object({
  keys: z.array(adminApiKeySchema),
  firmas: z.array(z.object({ id: z.number(), name: z.string() })),
});
/** The answer to a create: the key is shown this once (only its hash is stored). */
export const adminApiKeyCreatedSchema = adminApiKeySchema.extend({ key: z.string() });

/** A webhook created by an admin: URL, event types and the firmas whose events it gets (the owner is the admin). */
export const adminWebhookCreateSchema = z.strictObject({
  url: z.string().max(2000),
  events: z.array(z.string().max(100)).max(100),
  firmas: integrationFirmasSchema,
});

/**
 * One request made with a key (its request log, kept 30 days and at most API_KEY_REQUESTS_KEPT per key): the
 * route as declared (`/api/integration/v1/webhooks/:id/disable`), never the URL with its query.
 */
export const apiKeyRequestSchema = z.object({
  at: z.string(),
  method: z.string(),
  route: z.string(),
  status: z.number(),
  durationMs: z.number(),
});
export type ApiKeyRequest = z.infer<typeof apiKeyRequestSchema>;
export const apiKeyRequestsSchema = z.object({ requests: z.array(apiKeyRequestSchema) });

/** How many requests of one key the log keeps at most (and no request older than 30 days). */
export const API_KEY_REQUESTS_KEPT = 1000;
/** How many of a key's newest requests the admin screen and the CLI show. */
export const API_KEY_REQUESTS_SHOWN = 50;
