// An ERP team's own article file as docs/import/README.md describes it: UTF-8 with BOM, `;`, decimal comma.
// Each article has 2 units (ST and a case KI of 12), an EAN-13 piece code and a GTIN-14 case code with valid
// check digits, a price in store 1100 and a listing there (the demo user's store).
import fs from 'node:fs';
import { withCheckDigit } from '../../packages/contracts/src/gtin';

export const HEADER =
  'Firma;Artikelnummer;Bezeichnung 1;Bezeichnung 2;Abteilung;Basiseinheit;Waagen-PLU;Einheiten;Codes;Preise;Lieferanten;Listungen';

/** Article i's piece code: GS1 Germany prefix 40, never an in-store (20–29) prefix. */
export const pieceCode = (i: number) => withCheckDigit(`40${String(i).padStart(10, '0')}`);
/** The case of 12: indicator digit 1 before the piece code's body, its own check digit. */
export const caseCode = (i: number) => withCheckDigit(`140${String(i).padStart(10, '0')}`);

/** Cents as the ERP writes euros: decimal comma, two places. */
const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

/**
 * Article i's line. `changed` gives it a new price (one cent more): what a price update from the ERP sends.
 */
export function articleLine(i: number, changed = false) {
  const cents = 100 + (i % 900) + (changed ? 1 : 0);
  return (
    `1;E${i};Bench-Artikel ${i};Größe ${i % 7};Abteilung ${i % 12};ST;;ST:1:${100 + (i % 900)}|KI:12;` +
    `${pieceCode(i)}:ST|${caseCode(i)}:KI;1100:ST:${euros(cents)}:01.01.2026;;1100:01.01.2026:${i % 50}:${i % 10}`
  );
}

/**
 * Writes n articles line by line (a file of a million lines never sits in memory), readable by its owner only.
 * With `changeEvery` k, every k-th article has a changed price; answers how many did.
 */
export async function writeArticleCsv(file: string, n: number, options: { changeEvery?: number } = {}) {
  const out = fs.createWriteStream(file, { mode: 0o600 });
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await write(`\uFEFF${HEADER}\n`);
  let changed = 0;
  let block: string[] = [];
  for (let i = 1; i <= n; i++) {
    const change = options.changeEvery !== undefined && i % options.changeEvery === 0;
    if (change) changed++;
    block.push(articleLine(i, change));
    if (block.length === 1000) {
      await write(`${block.join('\n')}\n`);
      block = [];
    }
  }
  if (block.length > 0) await write(`${block.join('\n')}\n`);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { changed, bytes: fs.statSync(file).size };
}
