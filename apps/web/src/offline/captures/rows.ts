import type {
  CaptureArticle,
  CaptureExportResult,
  CaptureHeaderInput,
  CaptureLineValues,
  CaptureModule,
  ChangeKind,
} from '@mde/contracts';

/** The captured work's own database (capture-db.ts); the login page asks whether it exists before loading it. */
export const CAPTURE_DB_NAME = 'mde-captures';

/** Who and where a capture belongs to (docs/modules.md#capture-engine: module, user and the user's context). */
export interface CaptureScope {
  owner: number;
  module: CaptureModule;
  vkforgId: number;
}

export type LineState = 'pending' | 'synced' | 'rejected';

/** One line as the device knows it: written here first, then synced. */
export interface CaptureLineRow extends CaptureScope, CaptureLineValues {
  clientId: string;
  /** Local creation order: the list shows the newest first (docs/spec.md §3 'sorted by id descending'). */
  localSeq: number;
  articleId: number;
  articleNumber: string;
  designation: string;
  capturedAt: string;
  updatedAt: string;
  /** Deleted lines stay until the delete is confirmed, so an undo can bring them back. */
  deleted: boolean;
  /** Set when an export that contains the line is queued: the list then starts empty. */
  exportKey: string | null;
  /**
   * The line's place on the open capture's list, newest first (-localSeq); null once it is deleted or exported,
   * which keeps it out of the list's index, so the list reads one page and counts by key.
   */
  listOrder: number | null;
  state: LineState;
  warnings: string[];
  /** The server's note when another device's edit decided the line, or the reason of a rejection. */
  note: string | null;
}

export interface CaptureHeaderRow extends CaptureScope {
  key: string;
  header: Omit<CaptureHeaderInput, 'updatedAt'>;
  /** Display name of the Retouren supplier. */
  supplierName: string | null;
  updatedAt: string;
}

/** A change waiting for the server's confirmation; it leaves the outbox only when the server answered it. */
export interface OutboxEntry extends CaptureScope {
  id?: number;
  kind: ChangeKind;
  clientId: string;
  payload: unknown;
  /**
   * The header the screen showed when a line was saved (with its edit time): should the user's other device
   * export the capture first, the line starts the next capture with it instead of waiting for a header.
   */
  header?: CaptureHeaderInput;
  /** Device sequence number, given when the entry is first sent and kept for every resend (0 = not yet). */
  seq: number;
  createdAt: string;
  attempts: number;
}

/** A change the server refused: never dropped, listed under 'Nicht übertragbar' with the reason. */
export interface RejectedEntry extends Omit<OutboxEntry, 'id'> {
  id?: number;
  reason: string;
  rejectedAt: string;
}

export type ExportState = 'queued' | 'done' | 'rejected';
export interface CaptureExportRow extends CaptureScope {
  exportKey: string;
  edi: boolean | null;
  state: ExportState;
  result: CaptureExportResult | null;
  reason: string | null;
  createdAt: string;
  lineCount: number;
  /** The header at export time, restored if the server refuses the export. */
  header: CaptureHeaderRow | null;
}

export interface CaptureArticleRow extends CaptureArticle {
  vkforgId: number;
  module: CaptureModule;
  fetchedAt: string;
}

/** A scanned code no article was found for; resolved later by search. */
export interface UnresolvedCodeRow extends CaptureScope {
  id?: number;
  code: string;
  scannedAt: string;
}

export interface DeviceRow {
  key: string;
  value: string | number;
}

/** A line's `listOrder`: ascending is newest first, and null (not a valid key) leaves it out of the index. */
export const listOrderOf = (l: Pick<CaptureLineRow, 'deleted' | 'exportKey' | 'localSeq'>): number | null =>
  !l.deleted && l.exportKey === null ? -l.localSeq : null;

export const headerKey = (s: CaptureScope) => `${s.owner}:${s.module}:${s.vkforgId}`;
