import { createHash, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type ImportKind, INTEGRATION_MSG, MAX_IMPORT_ROWS, MSG } from '@mde/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { closeAfterAnswer } from '../../lib/close-after-answer';
import type { BodyRow } from './body-row';
import { type CsvPlaces, csvBodyRows } from './csv-body';

export type { BodyRow } from './body-row';

export interface ImportBody {
  rows: BodyRow[];
  /** SHA-256 of the bytes as sent: an Idempotency-Key resend must carry the same request. */
  hash: string;
  /** A CSV body: the file line of each row, for the refusals. */
  csv?: CsvPlaces;
}

/**
 * Reads a JSON array, NDJSON or CSV body from the request stream, at most maxBytes: a larger body is refused
 * as soon as it passes the bound (413; at once when its Content-Length says so), so no request holds more
 * than that in memory. NDJSON lines are parsed one by one, and a line that is no JSON is refused on its own; a
 * CSV body is read as `npm run import` reads the kind's file. A request without a body is a 400.
 */
export async function readImportBody(request: FastifyRequest, kind: ImportKind, maxBytes: number): Promise<ImportBody> {
  const stream = request.body as Readable | undefined;
  if (!stream) throw new AppError(400, 'BODY_MISSING', INTEGRATION_MSG.bodyMissing);
  const tooLarge = () =>
    new AppError(413, 'PAYLOAD_TOO_LARGE', MSG.payloadTooLarge, undefined, closeAfterAnswer(request.raw));
  if (Number(request.headers['content-length']) > maxBytes) throw tooLarge();
  const hash = createHash('sha256');
  const chunks = await readAtMost(stream, maxBytes, hash, tooLarge);
  const bytes = Buffer.concat(chunks);
  const contentType = request.headers['content-type'] ?? '';
  let csv: CsvPlaces | undefined;
  let rows: BodyRow[];
  if (contentType.startsWith('text/csv')) ({ rows, places: csv } = await csvBodyRows(kind, bytes));
  else if (contentType.startsWith('application/x-ndjson')) rows = ndjsonRows(bytes.toString('utf8'));
  else rows = arrayRows(bytes.toString('utf8'));
  if (rows.length > MAX_IMPORT_ROWS) throw new AppError(413, 'TOO_MANY_ROWS', INTEGRATION_MSG.tooManyRows);
  return { rows, hash: hash.digest('hex'), ...(csv && { csv }) };
}

/**
 * The stream's chunks up to maxBytes, hashed as they come; past the bound the error of tooLarge. The stream is
 * left flowing, never destroyed: destroying it would close the connection before the answer is read.
 */
function readAtMost(stream: Readable, maxBytes: number, hash: Hash, tooLarge: () => Error): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        reject(tooLarge());
        return;
      }
      hash.update(chunk);
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(chunks);
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

function arrayRows(text: string): BodyRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(400, 'MALFORMED_JSON', MSG.malformedJson);
  }
  if (!Array.isArray(parsed)) throw new AppError(400, 'NOT_AN_ARRAY', INTEGRATION_MSG.bodyNotArray);
  return parsed.map((value) => ({ value }));
}

function ndjsonRows(text: string): BodyRow[] {
  const rows: BodyRow[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      rows.push({ value: JSON.parse(line) });
    } catch {
      rows.push({ error: INTEGRATION_MSG.rowNotJson });
    }
  }
  return rows;
}
