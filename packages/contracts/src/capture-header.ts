import { isoDateSchema } from './common';
import type { DocumentVariant } from './receiving-documents';

// What each module's header (Kopf, docs/spec.md §3) needs before lines or the export, written once for the device
// and the server: each module's contracts file says which fields, these helpers say what a filled field is.

/**
 * Every field a header may have, with what it holds once chosen. Each module declares the fields it uses
 * (CaptureModuleInfo.headerFields); the engine's header is the fields its modules declare (capture-modules.ts).
 */
export interface HeaderFieldValues {
  /** Delivery date (Liefertermin) of an order or proposal. */
  datum: string;
  /** The warehouse counted. */
  lager: number;
  /** The document date. */
  belegdatum: string;
  /** The supplier a return goes to. */
  supplierId: number;
  /** What Warenverprobung checks against: an order or a goods receipt. */
  art: DocumentVariant;
  /** The order or goods receipt checked. */
  documentId: number;
}
export type HeaderField = keyof HeaderFieldValues;
/** A header as either side holds it; a field a module does not use may be absent, anything invalid counts as missing. */
export type HeaderFacts = Partial<Record<HeaderField, unknown>> | null | undefined;

/** A calendar date 'YYYY-MM-DD' in the years the database takes (the same check as every date input). */
export const isIsoDate = (value: unknown): value is string => isoDateSchema.safeParse(value).success;

/** A chosen warehouse, supplier or document: a positive whole number. */
export const isChosenId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;
