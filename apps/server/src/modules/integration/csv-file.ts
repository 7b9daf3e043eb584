import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { type CsvError, type InfoRecord, parse } from 'csv-parse';

/**
 * Where CSV bytes come from, read again from the start on every call: a file on disk (the operator CLI) or a
 * request body already in memory (the integration API), handed out in chunks of at most `chunkBytes`.
 */
export type CsvSource = (chunkBytes: number) => AsyncIterable<Buffer> | Iterable<Buffer>;

export const fileSource =
  (file: string): CsvSource =>
  (chunkBytes) =>
    fs.createReadStream(file, { highWaterMark: chunkBytes });

export const bytesSource =
  (bytes: Buffer): CsvSource =>
  (chunkBytes) =>
    (function* () {
      for (let at = 0; at < bytes.length; at += chunkBytes) yield bytes.subarray(at, at + chunkBytes);
    })();

/** How a CSV file is written: its text encoding and field delimiter. */
export interface CsvFormat {
  encoding: 'utf-8' | 'windows-1252';
  bom: boolean;
  delimiter: ';' | ',';
}

/**
 * German Excel saves "CSV (Trennzeichen-getrennt)" in Windows-1252 with ';', "CSV UTF-8" with a BOM; other
 * tools write UTF-8 without one, some with ','. The file is read once to tell: a BOM means UTF-8, text that
 * is valid UTF-8 throughout is UTF-8, anything else Windows-1252. The delimiter is the one of ';' and ','
 * that the header line (outside quotes) holds more of.
 */
export async function detectFormat(source: CsvSource): Promise<CsvFormat> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bom = false;
  let first = true;
  let utf8 = true;
  let head = '';
  for await (const chunk of source(256 * 1024)) {
    const bytes = chunk as Buffer;
    if (first) {
      bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      head = bytes.subarray(0, 8192).toString('latin1');
      first = false;
    }
    if (!bom && utf8) {
      try {
        decoder.decode(bytes, { stream: true });
      } catch {
        utf8 = false;
      }
    }
    if (bom || !utf8) break;
  }
  if (!bom && utf8) {
    try {
      decoder.decode();
    } catch {
      utf8 = false;
    }
  }
  return { encoding: bom || utf8 ? 'utf-8' : 'windows-1252', bom, delimiter: headerDelimiter(head) };
}

function headerDelimiter(head: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of head) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/** A CSV record with the line it starts on and the one it ends on (1-based, header is line 1). */
export interface CsvRecord {
  line: number;
  /** Later than `line` when a quoted cell holds line breaks. */
  lastLine: number;
  cells: string[];
}

/** A line the parser could not read (an open quote, a wrong number of fields), with the parser's reason. */
export interface CsvSkip {
  line: number;
  reason: string;
}

const BROKEN_LINE = 'Die Zeile ist kein gültiger CSV-Datensatz (Anführungszeichen oder Spaltenzahl)';
// A quote left open takes the next lines into its field until the file ends or another quote "closes" it.
const OPEN_QUOTE =
  'Ein Anführungszeichen wird nicht richtig geschlossen: die Zeile wurde übersprungen, die folgenden gelesen';

const LINE_BREAK = /\r\n|\r|\n/g;
const breaksIn = (text: string) => text.match(LINE_BREAK)?.length ?? 0;
// csv-parse counts a CR LF inside a quoted field as two lines (Excel writes one in every multi-line cell of a
// Windows file); each such pair is counted once here.
const crlfIn = (text: string) => text.match(/\r\n/g)?.length ?? 0;
const withoutEnd = (raw: string) => raw.replace(/(\r\n|\r|\n)$/, '');

/**
 * The file's records, streamed: decoded from its encoding chunk by chunk, parsed by csv-parse (quoted fields
 * with line breaks, doubled quotes), never the whole file in memory. A line csv-parse cannot read is reported
 * and reading goes on with the next one. A quote that is never closed (or closed lines later by the next
 * quote) would take the lines after it into one broken record: its first line is reported, and reading starts
 * again on the line after it.
 */
export function readCsv(
  source: CsvSource,
  format: CsvFormat,
  onSkip: (skip: CsvSkip) => void,
  onBytes: (bytes: number) => void,
  /** How much of the file is read at a time (tests read in tiny pieces to split lines between them). */
  chunkBytes = 64 * 1024,
): AsyncIterable<CsvRecord> {
  return (async function* () {
    let from = 0;
    let counted = 0;
    let readSoFar = 0;
    const countBytes = (bytes: number) => {
      // A pass after a broken quote reads the start of the file again: progress counts each byte once.
      counted += bytes;
      if (counted > readSoFar) {
        onBytes(counted - readSoFar);
        readSoFar = counted;
      }
    };
    for (;;) {
      counted = 0;
      const pass = readPass(source, format, from, onSkip, countBytes, chunkBytes);
      yield* pass.records;
      const broken = pass.brokenFrom;
      if (broken === null) return;
      onSkip({ line: broken.line, reason: OPEN_QUOTE });
      from = broken.line;
    }
  })();
}

/**
 * One reading of the file from the line after `from`: its records up to a broken record that spans lines, and
 * that record's first line.
 */
function readPass(
  source: CsvSource,
  format: CsvFormat,
  from: number,
  onSkip: (skip: CsvSkip) => void,
  onBytes: (bytes: number) => void,
  chunkBytes: number,
): { records: AsyncIterable<CsvRecord>; readonly brokenFrom: { line: number } | null } {
  const decoder = new TextDecoder(format.encoding, { ignoreBOM: false });
  const drop = lineDropper(from);
  const decode = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, drop(decoder.decode(chunk, { stream: true })));
    },
    flush(done) {
      done(null, drop(decoder.decode()));
    },
  });
  // Kept while csv-parse reads (ahead of the records handed out): CR LF pairs csv-parse counted twice, and the
  // last line of the last record or refused line.
  let crlf = 0;
  let through = from;
  const state: { brokenFrom: { line: number } | null } = { brokenFrom: null };
  // Where each record read so far lies, in the order csv-parse hands the records out.
  const places: { line: number; lastLine: number }[] = [];
  const parser = parse({
    delimiter: format.delimiter,
    info: true,
    raw: true,
    relax_quotes: false,
    skip_records_with_error: true,
    on_record: (cells: string[], info: InfoRecord) => {
      const inside = withoutEnd(info.raw ?? '');
      crlf += crlfIn(inside);
      const lastLine = from + info.lines - crlf;
      through = lastLine;
      // A quoted field with line breaks started that many lines earlier.
      places.push({ line: lastLine - breaksIn(inside), lastLine });
      return cells;
    },
    on_skip: (error: CsvError | undefined, raw: string | undefined) => {
      if (state.brokenFrom) return undefined;
      const line = through + 1;
      const inside = withoutEnd(raw ?? '');
      // A quote that took later lines into its field: those lines are read again, on their own.
      if (
        error?.code === 'CSV_QUOTE_NOT_CLOSED' ||
        (error?.code === 'CSV_INVALID_CLOSING_QUOTE' && breaksIn(inside) > 0)
      ) {
        state.brokenFrom = { line };
        return undefined;
      }
      crlf += crlfIn(inside);
      through = line + breaksIn(inside);
      onSkip({ line, reason: BROKEN_LINE });
      return undefined;
    },
  });
  const parsed = Readable.from(source(chunkBytes)).pipe(decode).pipe(parser);
  const records = (async function* () {
    for await (const item of parsed) {
      const { record: cells } = item as { record: string[] };
      const place = places.shift() ?? { line: 0, lastLine: 0 };
      // What csv-parse read after a broken record is read again in the next pass.
      if (state.brokenFrom && place.line > state.brokenFrom.line) break;
      if (cells.length === 1 && cells[0]?.trim() === '') continue;
      yield { ...place, cells };
    }
  })();
  return {
    records,
    get brokenFrom() {
      return state.brokenFrom;
    },
  };
}

/**
 * The decoded text from the start of line `count + 1`, chunk by chunk (CR LF, LF and CR each end a line; a CR LF
 * may be split between two chunks).
 */
function lineDropper(count: number): (text: string) => string {
  let left = count;
  let afterCr = false;
  return (chunk) => {
    let text = chunk;
    if (afterCr && text.length > 0) {
      afterCr = false;
      if (text.startsWith('\n')) text = text.slice(1);
    }
    if (left === 0) return text;
    const breaks = /\r\n|\r|\n/g;
    for (let found = breaks.exec(text); found; found = breaks.exec(text)) {
      left--;
      const at = found.index + found[0].length;
      if (left === 0) {
        afterCr = found[0] === '\r' && at === text.length;
        return text.slice(at);
      }
    }
    afterCr = text.endsWith('\r');
    return '';
  };
}
