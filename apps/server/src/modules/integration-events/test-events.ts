import type { EventType } from '@mde/contracts';
import type { Db } from '../../db/database';
import './integration-events.tables';

// biome-ignore lint/suspicious/noExplicitAny: tests read into documents of every module's shape
type AnyDocument = any;

/** The feed's events of one type, oldest first, for tests of the modules that write them. */
export async function eventsOfType(db: Db, type: EventType) {
  return db
    .selectFrom('integration_event')
    .select(['type', 'firma_id', 'vkforg_id', 'user_name', 'document'])
    .where('type', '=', type)
    .orderBy('id')
    .execute() as Promise<
    { type: string; firma_id: number; vkforg_id: number | null; user_name: string | null; document: AnyDocument }[]
  >;
}
