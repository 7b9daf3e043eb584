import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const IMAGE_EXT = /\.(png|jpe?g|webp|gif|tiff?|bmp|avif)$/i;

export type Expectation = { kind: 'text'; values: string[] } | { kind: 'bytes'; bytes: Uint8Array } | { kind: 'none' };

export interface Sample {
  set: string;
  file: string;
  path: string;
  falsePositiveSet: boolean;
  expected: Expectation;
}

/** Undoes the backslash escapes some expectation files use (`\"`, `\'`); unknown escapes stay literal. */
export function unescapeText(s: string): string {
  return s.replace(/\\(["'\\nrt])/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c);
}

function expectationFor(dir: string, base: string): Expectation {
  const txt = path.join(dir, `${base}.txt`);
  const result = path.join(dir, `${base}.result.txt`);
  const bin = path.join(dir, `${base}.bin`);
  if (existsSync(txt)) {
    const raw = readFileSync(txt, 'utf8');
    // Files are mostly literal (MECARD's "\:" is content); accept the unescaped form where they escape quotes.
    return { kind: 'text', values: [...new Set([raw, unescapeText(raw)])] };
  }
  if (existsSync(result)) {
    const line = readFileSync(result, 'utf8')
      .split(/\r?\n/)
      .find((l) => l.startsWith('text='));
    if (line !== undefined) {
      const v = line.slice(5);
      return { kind: 'text', values: [...new Set([v, unescapeText(v)])] };
    }
  }
  if (existsSync(bin)) return { kind: 'bytes', bytes: new Uint8Array(readFileSync(bin)) };
  return { kind: 'none' };
}

/** Every image of a folder laid out like shared/data/barcodes (one sub-folder per set). */
export function listSamples(root: string): Sample[] {
  const sets = readdirSync(root).filter((d) => statSync(path.join(root, d)).isDirectory());
  const out: Sample[] = [];
  for (const set of sets.sort()) {
    const dir = path.join(root, set);
    for (const file of readdirSync(dir).sort()) {
      if (!IMAGE_EXT.test(file)) continue;
      const base = file.replace(/\.[^.]+$/, '');
      out.push({
        set,
        file,
        path: path.join(dir, file),
        falsePositiveSet: set.startsWith('falsepositives'),
        expected: expectationFor(dir, base),
      });
    }
  }
  return out;
}

export type Verdict = 'correct' | 'wrong' | 'missed' | 'falsePositive' | 'rejected' | 'unscored';

/** A wrong text is wrong, never correct; a read of a no-barcode image is a false positive. */
export function judge(
  sample: Sample,
  read: { text: string; bytes?: Uint8Array; bytesECI?: Uint8Array } | null,
): Verdict {
  if (sample.falsePositiveSet) return read ? 'falsePositive' : 'rejected';
  if (sample.expected.kind === 'none') return 'unscored';
  if (!read) return 'missed';
  if (sample.expected.kind === 'text') return sample.expected.values.includes(read.text) ? 'correct' : 'wrong';
  const exp = sample.expected.bytes;
  const same = (b?: Uint8Array) => !!b && b.length === exp.length && b.every((v, i) => v === exp[i]);
  return same(read.bytes) || same(read.bytesECI) ? 'correct' : 'wrong';
}
