import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Replaces only the section between `<!-- name:start -->` and `<!-- name:end -->`; other benches own the rest. */
export function writeSection(file: string, name: string, body: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const i = current.indexOf(start);
  const j = current.indexOf(end);
  const next =
    i >= 0 && j > i
      ? current.slice(0, i) + block + current.slice(j + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
