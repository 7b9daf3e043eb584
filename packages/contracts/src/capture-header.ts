import { isoDateSchema } from './common';

// What each module's header (Kopf, docs/spec.md §3) needs before lines or the export, written once for the device
// and the server: each module's contracts file says which fields, these helpers say what a filled field is.

type HeaderField = 'datum' | 'lager' | 'belegdatum' | 'supplierId' | 'art' | 'documentId';
/** A header as either side holds it; a field a module does not use may be absent, anything invalid counts as missing. */
export type HeaderFacts = Partial<Record<HeaderField, unknown>> | null | undefined;

/** A calendar date 'YYYY-MM-DD' in the years the database takes (the same check as every date input). */
export const isIsoDate = (value: unknown): value is string => isoDateSchema.safeParse(value).success;

/** A chosen warehouse, supplier or document: a positive whole number. */
export const isChosenId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;
