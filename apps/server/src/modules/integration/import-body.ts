import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { INTEGRATION_MSG, MAX_IMPORT_ROWS, MSG } from '@mde/contracts';
import { AppError } from '../../lib/app-error';

/** A row of the body: its value, or why its line is no JSON (NDJSON refuses line by line). */
export type BodyRow = { value: unknown } | { error: string };

export interface ImportBody {
  rows: BodyRow[];
  /** SHA-256 of the bytes as sent: an Idempotency-Key resend must carry the same request. */
  hash: string;
}

const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', MSG.payloadTooLarge);

/**
 * Reads a JSON array or NDJSON body from the request stream, at most maxBytes: a larger body is refused
 * as soon as it passes the bound (413), so no request holds more than that in memory. NDJSON lines are
 * parsed one by one, and a line that is no JSON is refused on its own.
 */
export async function readImportBody(stream: Readable, contentType: string, maxBytes: number): Promise<ImportBody> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) {
      stream.destroy();
      throw tooLarge();
    }
    hash.update(buffer);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const rows = contentType.startsWith('application/x-ndjson') ? ndjsonRows(text) : arrayRows(text);
  if (rows.length > MAX_IMPORT_ROWS) throw new AppError(413, 'TOO_MANY_ROWS', INTEGRATION_MSG.tooManyRows);
  return { rows, hash: hash.digest('hex') };
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
