import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvStream, csvText, GERMAN_NUMBERS } from './csv-writer';

// Cells Excel would run as a formula (OWASP "CSV Injection"), as a login name or an ERP text may bring them.
const HOSTILE = ['=HYPERLINK("http://evil.example/x";"Klick")', '+1+cmd', '-2+3', '@SUM(A1)', '\tTab', '\rReturn'];

describe('the CSV writer', () => {
  it('writes every cell that starts a formula as text, and numbers as numbers', () => {
    const text = csvText([HOSTILE, [-5, 'harmlos', 'a;b "c"']]);
    const [hostile, plain] = parse(text, { delimiter: ';', relax_column_count: true }) as string[][];
    expect(hostile).toEqual(HOSTILE.map((cell) => `'${cell}`));
    expect(plain).toEqual(['-5', 'harmlos', 'a;b "c"']);
  });

  it('does the same as a stream, with a BOM and a header', async () => {
    const csv = csvStream({ bom: true, header: true, columns: [{ key: 'name', header: 'Name' }] });
    const chunks: Buffer[] = [];
    csv.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise((resolve) => csv.on('end', resolve));
    for (const name of HOSTILE) csv.write({ name });
    csv.end();
    await done;
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.startsWith('\uFEFFName\n')).toBe(true);
    expect((parse(text, { bom: true, delimiter: ';', from_line: 2 }) as string[][]).flat()).toEqual(
      HOSTILE.map((cell) => `'${cell}`),
    );
  });

  it('writes numbers with a decimal comma when asked, a negative one still as a number', () => {
    expect(csvText([[2.5, -1.5, 12, 0.001, '=1+2']], GERMAN_NUMBERS)).toBe("2,5;-1,5;12;0,001;'=1+2\n");
  });
});
