import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesSource, type CsvSkip, detectFormat, fileSource, readCsv } from './csv-file';

// Every record and every refused line of an import file keeps the line number an editor shows for it.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-csv-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// The operator CLI reads a file, the integration API a request body in memory: both the same way.
let from: 'file' | 'bytes' = 'file';

async function read(text: string, chunkBytes?: number) {
  const file = path.join(dir, `f${Math.random().toString(36).slice(2)}.csv`);
  fs.writeFileSync(file, text);
  const source = from === 'file' ? fileSource(file) : bytesSource(Buffer.from(text));
  const skips: CsvSkip[] = [];
  let bytes = 0;
  const records: [number, number, string][] = [];
  const format = await detectFormat(source);
  for await (const r of readCsv(
    source,
    format,
    (s) => skips.push(s),
    (b) => (bytes += b),
    chunkBytes,
  )) {
    records.push([r.line, r.lastLine, r.cells.join('|')]);
  }
  return { records, skips: skips.map((s) => [s.line, s.reason.slice(0, 24)]), bytes, size: text.length };
}

describe.each(['file', 'bytes'] as const)('readCsv from %s', (kind) => {
  beforeAll(() => {
    from = kind;
  });

  it('counts a CR LF inside a quoted cell as one line break', async () => {
    const { records } = await read('A;B\r\n1;"x\r\ny"\r\n2;z\r\n3;w\r\n');
    expect(records).toEqual([
      [1, 1, 'A|B'],
      [2, 3, '1|x\r\ny'],
      [4, 4, '2|z'],
      [5, 5, '3|w'],
    ]);
  });

  it('reports the line of a quote that never closes and reads every line after it', async () => {
    const { records, skips, bytes, size } = await read('A;B\n1;"x\n2;y\n3;z\n4;w\n');
    expect(records).toEqual([
      [1, 1, 'A|B'],
      [3, 3, '2|y'],
      [4, 4, '3|z'],
      [5, 5, '4|w'],
    ]);
    expect(skips).toEqual([[2, 'Ein Anführungszeichen wi']]);
    expect(bytes).toBe(size);
  });

  it('finds the line after an unclosed quote when the file arrives in small chunks, CR LF split between them', async () => {
    const text = `A;B\r\n${'1;ok\r\n'.repeat(5)}2;"offen\r\n3;danach\r\n4;"x""y\r\n`;
    for (const chunk of [1, 2, 3, 7]) {
      const { records, skips } = await read(text, chunk);
      // Line 9 opens a quote of its own that never closes either.
      expect(skips).toEqual([
        [7, 'Ein Anführungszeichen wi'],
        [9, 'Ein Anführungszeichen wi'],
      ]);
      expect(records.slice(-2)).toEqual([
        [6, 6, '1|ok'],
        [8, 8, '3|danach'],
      ]);
    }
  });

  it('reports a quote in the middle of a field on its own line and goes on', async () => {
    const { records, skips } = await read('A;B\n1;x"y\n2;z\n');
    expect(records).toEqual([
      [1, 1, 'A|B'],
      [3, 3, '2|z'],
    ]);
    expect(skips).toEqual([[2, 'Die Zeile ist kein gülti']]);
  });
});
