import { API_KEY_PREFIX } from '@mde/contracts';

/** The OpenAPI security scheme of the integration API's routes (each route names it, see plugins/auth.ts). */
export const BEARER_AUTH_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  description:
    `API-Schlüssel (${API_KEY_PREFIX}…) aus \`npm run admin -- api-key create --name <Name> --scopes <Liste> ` +
    '--firma <Nr>[,<Nr>…]` (oder Administration → Integration), als `Authorization: Bearer <Schlüssel>`. Jeder ' +
    'Schlüssel hat eigene Scopes, eigene Firmen (Zeilen anderer Firmen werden abgewiesen, der Feed enthält nur ' +
    'ihre Ereignisse) und ein eigenes Anfragelimit; ohne, mit unbekanntem oder widerrufenem Schlüssel 401, ohne ' +
    'den Scope der Route 403.',
} as const;
