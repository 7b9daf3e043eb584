import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { parse } from 'csv-parse';

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
export async function detectFormat(file: string): Promise<CsvFormat> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bom = false;
  let first = true;
  let utf8 = true;
  let head = '';
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) {
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

/**
 * The file's records, streamed: decoded from its encoding chunk by chunk, parsed by csv-parse (quoted fields
 * with line breaks, doubled quotes), never the whole file in memory. Lines csv-parse cannot read are skipped
 * and reported; reading goes on with the next one.
 */
export function readCsv(
  file: string,
  format: CsvFormat,
  onSkip: (skip: CsvSkip) => void,
  onBytes: (bytes: number) => void,
): AsyncIterable<CsvRecord> {
  const decoder = new TextDecoder(format.encoding, { ignoreBOM: false });
  const decode = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
  // CR LF pairs inside quoted fields read so far (csv-parse counts each as two lines).
  const uncounted = { crlf: 0 };
  const parser = parse({
    delimiter: format.delimiter,
    info: true,
    raw: true,
    relax_quotes: false,
    skip_records_with_error: true,
    on_skip: (error) => {
      const line = ((error as { lines?: number } | undefined)?.lines ?? 0) - uncounted.crlf;
      onSkip({ line, reason: 'Die Zeile ist kein gültiger CSV-Datensatz (Anführungszeichen oder Spaltenzahl)' });
    },
  });
  const source = Readable.from(
    fs
      .createReadStream(file, { highWaterMark: 64 * 1024 })
      .pipe(decode)
      .pipe(parser),
  );
  return (async function* () {
    for await (const item of source) {
      const { record, info, raw } = item as { record: string[]; info: { lines: number }; raw: string };
      // info.lines is the record's last line as csv-parse counts, which takes a CR LF inside a quoted field for two
      // line breaks (Excel writes one in every multi-line cell of a Windows file): each such pair is counted once.
      const inside = raw.replace(/(\r\n|\r|\n)$/, '');
      uncounted.crlf += (inside.match(/\r\n/g) ?? []).length;
      const lastLine = info.lines - uncounted.crlf;
      // A quoted field with line breaks started that many lines earlier.
      const line = lastLine - (inside.match(/\r\n|\r|\n/g) ?? []).length;
      if (record.length === 1 && record[0]?.trim() === '') continue;
      yield { line, lastLine, cells: record };
    }
  })();
}
