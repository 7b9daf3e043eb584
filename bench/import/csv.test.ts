import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from '../../packages/contracts/src/gtin';
import { articleLine, caseCode, HEADER, pieceCode, writeArticleCsv } from './csv';

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the ERP article file', () => {
  it('gives every article an EAN-13 piece code and a GTIN-14 case code with valid check digits', () => {
    for (const i of [1, 9, 10, 4711, 999_999, 1_000_000]) {
      expect(pieceCode(i)).toMatch(/^40\d{11}$/);
      expect(caseCode(i)).toMatch(/^140\d{11}$/);
      expect(hasValidCheckDigit(pieceCode(i)), pieceCode(i)).toBe(true);
      expect(hasValidCheckDigit(caseCode(i)), caseCode(i)).toBe(true);
    }
    expect(hasValidCheckDigit(`${pieceCode(7).slice(0, -1)}${(Number(pieceCode(7).at(-1)) + 1) % 10}`)).toBe(false);
  });

  it('writes one line per column of the header: 2 units, both codes, a price with a decimal comma, a listing', () => {
    const cells = articleLine(1234).split(';');
    expect(cells).toHaveLength(HEADER.split(';').length);
    expect(cells[7]).toBe('ST:1:434|KI:12');
    expect(cells[8]).toBe(`${pieceCode(1234)}:ST|${caseCode(1234)}:KI`);
    expect(cells[9]).toBe('1100:ST:4,34:01.01.2026');
    expect(cells[11]).toBe('1100:01.01.2026:34:4');
    expect(articleLine(1234, true).split(';')[9]).toBe('1100:ST:4,35:01.01.2026');
  });

  it('streams the file for its owner only and changes every k-th article when asked', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-csv-'));
    const file = path.join(dir, 'a.csv');
    const { changed } = await writeArticleCsv(file, 2500, { changeEvery: 50 });
    expect(changed).toBe(50);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(`\uFEFF${HEADER}`);
    expect(lines).toHaveLength(2501);
    expect(lines[50]).toBe(articleLine(50, true));
    expect(lines[51]).toBe(articleLine(51));
  });
});
