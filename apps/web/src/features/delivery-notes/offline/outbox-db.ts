import Dexie, { type EntityTable } from 'dexie';

export type NoteChangeKind = 'scan' | 'correct' | 'book';

/** The article a change counts, as the device knew it when the change was made (for the screen only). */
export interface CountedArticle {
  articleId: number;
  number: string;
  designation: string;
  baseUnit: string;
}

/** One count, correction or booking of a delivery note, waiting for the server. */
export interface NoteChange {
  id?: number;
  /** The user who made it: another user on the same device never sends or sees it. */
  owner: number;
  /** `${firmaid}:${vkforgid}`: the note ids belong to this context; sent only while it is current. */
  scope: string;
  /** Change key (the request's changeId): a change sent again after a lost answer is applied once. */
  key: string;
  kind: NoteChangeKind;
  noteId: number;
  noteNumber: string;
  /** Scan: the code as read; the server resolves it. */
  code: string | null;
  /** Scan: the article the device's cache found for the code (null: the server decides); correction: its line. */
  article: CountedArticle | null;
  /** Scan: base units the code stands for, as the cache read it. */
  base: number | null;
  /** Correction: the new count in the unit of the article's line. */
  quantity: number | null;
  createdAt: string;
  attempts: number;
  /** Epoch ms; retries back off. */
  nextAttemptAt: number;
}

/** A change the server refused for a reason a retry cannot fix; kept with that reason for the user. */
export interface SetAsideNoteChange {
  id?: number;
  owner: number;
  scope: string;
  change: NoteChange;
  reason: string;
  /** The server's error code, e.g. ALREADY_BOOKED: the note was booked meanwhile. */
  code: string;
  at: string;
}

/**
 * Counts and bookings of delivery notes live in their own database with strict durability, like captured
 * work: a scan shown as counted is on disk even if the tab dies right after. Logout never clears it; rows
 * carry their owner.
 */
export class NoteOutboxDatabase extends Dexie {
  changes!: EntityTable<NoteChange, 'id'>;
  setAside!: EntityTable<SetAsideNoteChange, 'id'>;

  constructor(name = 'mde-delivery-notes') {
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ changes: '++id, [owner+scope]', setAside: '++id, [owner+scope]' });
  }
}

export const noteOutboxDb = new NoteOutboxDatabase();
