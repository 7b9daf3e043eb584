import type { AssignedArticle, Assignment, AssignmentValues } from '@mde/contracts';
import Dexie, { type EntityTable } from 'dexie';

export type ChangeKind = 'assign' | 'update' | 'remove';

/** One edit of an assignment, waiting for the server. */
export interface StorageChange {
  id?: number;
  /** The user who made it: another user on the same device never sends or sees it. */
  owner: number;
  /** `${firmaid}:${vkforgid}`: the location ids belong to this context; sent only while it is current. */
  scope: string;
  /** Change key (Idempotency-Key): a change sent again after a lost answer is applied once. */
  key: string;
  kind: ChangeKind;
  locationId: number;
  locationCode: string;
  article: AssignedArticle;
  values: AssignmentValues | null;
  /** The version the edit was made on (0 for an assign). */
  baseVersion: number;
  createdAt: string;
  attempts: number;
  /** Epoch ms; retries back off. */
  nextAttemptAt: number;
  /** Set when the server changed the assignment in between: the user chooses which values to keep. */
  conflict: { server: Assignment | null } | null;
}

/** A change the server refused for a reason a retry cannot fix; kept with that reason for the user. */
export interface SetAsideChange {
  id?: number;
  owner: number;
  change: StorageChange;
  reason: string;
  at: string;
}

/**
 * Edits of Lagerplatz-Artikel live in their own database with strict durability, like captured work: an
 * edit shown as saved is on disk even if the tab dies right after. Logout never clears it; rows carry
 * their owner.
 */
export class StorageOutboxDatabase extends Dexie {
  changes!: EntityTable<StorageChange, 'id'>;
  setAside!: EntityTable<SetAsideChange, 'id'>;

  constructor(name = 'mde-storage-locations') {
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ changes: '++id, owner, [owner+scope]', setAside: '++id, owner' });
  }
}

export const storageOutboxDb = new StorageOutboxDatabase();
