import { type Options, type Stringifier, stringify } from 'csv-stringify';
import { stringify as stringifyText } from 'csv-stringify/sync';

/** What a caller may choose; the separator and the formula rule are the same for every file. */
export type CsvOptions = Omit<Options, 'delimiter' | 'escape_formulas'>;

// Every CSV the server writes (the audit export, the import's error reports) is opened in German Excel: ';'
// between cells, and a cell beginning with = + - @, a tab or a carriage return gets a leading ' so Excel shows
// it as text instead of running it as a formula (OWASP "CSV Injection"). csv-stringify does both
// (escape_formulas leaves a negative number written as a number alone).
const HOUSE_RULES = { delimiter: ';', escape_formulas: true } as const satisfies Options;

/** The project's CSV writer as a stream: records in, CSV text out. */
export const csvStream = (options: CsvOptions = {}): Stringifier => stringify({ ...options, ...HOUSE_RULES });

/** The same writer for records already in memory (a report appended to chunk by chunk). */
export const csvText = (records: unknown[][], options: CsvOptions = {}): string =>
  stringifyText(records, { ...options, ...HOUSE_RULES });

/**
 * Numbers as German Excel reads them: a decimal comma (2,5), no thousands separator, never rounded. A negative
 * number stays a number (-1,5), not text: the formula rule leaves cells that were numbers alone.
 */
export const GERMAN_NUMBERS = {
  cast: { number: (value: number) => String(value).replace('.', ',') },
} as const satisfies CsvOptions;
