/**
 * A row of an import body: its value, or why it cannot be read (an NDJSON line that is no JSON; a CSV line that
 * is no record, or a cell read as no number, with its field).
 */
export type BodyRow = { value: unknown } | { error: string; field?: string };
