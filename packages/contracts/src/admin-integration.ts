import { INTEGRATION_SCOPES } from './integration';
import { z } from './zod';

/**
 * The admin area's integration section (`/api/v1/admin/integration`): API keys and webhook subscriptions of
 * the installation. They belong to no firma and an API key acts on every firma's data, so only an admin who
 * holds every firma may manage them (docs/administration.md "Integration").
 */
export const ADMIN_INTEGRATION_MSG = {
  allFirmasNeeded: 'API-Schlüssel und Webhooks verwalten nur Administratoren, die alle Firmen verwalten',
  name: 'Bitte einen Namen mit 1 bis 100 Zeichen angeben',
  scopes: 'Bitte mindestens eine Berechtigung wählen',
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
});
export type AdminApiKeyCreate = z.infer<typeof adminApiKeyCreateSchema>;

/** A key as listed: never its secret, only the first characters that tell keys apart. */
export const adminApiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type AdminApiKey = z.infer<typeof adminApiKeySchema>;
export const adminApiKeysSchema = z.object({ keys: z.array(adminApiKeySchema) });
/** The answer to a create: the key is shown this once (only its hash is stored). */
export const adminApiKeyCreatedSchema = adminApiKeySchema.extend({ key: z.string() });

/** A webhook created by an admin: URL and event types (the owner is the admin). */
export const adminWebhookCreateSchema = z.strictObject({
  url: z.string().max(2000),
  events: z.array(z.string().max(100)).max(100),
});
