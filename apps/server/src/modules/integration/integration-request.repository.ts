import type { Db } from '../../db/database';

export const findIntegrationRequest = (db: Db, apiKeyId: number, idempotencyKey: string) =>
  db
    .selectFrom('integration_request')
    .select(['request_hash', 'status', 'response'])
    .where('api_key_id', '=', apiKeyId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();

export async function insertIntegrationRequest(
  db: Db,
  request: { apiKeyId: number; idempotencyKey: string; requestHash: string; status: number; response: unknown },
) {
  await db
    .insertInto('integration_request')
    .values({
      api_key_id: request.apiKeyId,
      idempotency_key: request.idempotencyKey,
      request_hash: request.requestHash,
      status: request.status,
      response: JSON.stringify(request.response),
    })
    .execute();
}
