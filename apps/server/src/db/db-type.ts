import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The database or a transaction of it: what repositories take first. */
export type Db = Kysely<Database>;
