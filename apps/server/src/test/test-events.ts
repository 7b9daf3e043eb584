import { EVENT_DOCUMENT_SCHEMAS, type EventType } from '@mde/contracts';
import Ajv from 'ajv';
import { z } from 'zod';
import type { Db } from '../db/database';
import '../modules/integration-events/integration-events.tables';

// biome-ignore lint/suspicious/noExplicitAny: tests read into documents of every module's shape
type AnyDocument = any;

const ajv = new Ajv({ strict: false, validateFormats: false });
const validators = new Map<EventType, ReturnType<typeof ajv.compile>>();

/**
 * Fails when a recorded document is not what the OpenAPI document says its type sends (contracts'
 * EVENT_DOCUMENT_SCHEMAS): a field missing, of another type, or not documented at all.
 */
export function expectDocumented(type: EventType, document: unknown) {
  let validate = validators.get(type);
  if (!validate) {
    validate = ajv.compile(z.toJSONSchema(EVENT_DOCUMENT_SCHEMAS[type], { io: 'output', target: 'draft-7' }));
    validators.set(type, validate);
  }
  if (!validate(document)) {
    const problems = (validate.errors ?? []).map(
      (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
    );
    throw new Error(`The ${type} document differs from its documented schema: ${problems.join('; ')}`);
  }
}

/**
 * The feed's events of one type, oldest first, for tests of the modules that write them; each document is
 * checked against its documented schema on the way.
 */
export async function eventsOfType(db: Db, type: EventType) {
  const rows = (await db
    .selectFrom('integration_event')
    .select(['type', 'firma_id', 'vkforg_id', 'user_name', 'document'])
    .where('type', '=', type)
    .orderBy('id')
    .execute()) as {
    type: string;
    firma_id: number;
    vkforg_id: number | null;
    user_name: string | null;
    document: AnyDocument;
  }[];
  for (const row of rows) expectDocumented(type, row.document);
  return rows;
}
