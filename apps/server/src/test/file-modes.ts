import fs from 'node:fs';
import path from 'node:path';

const mode = (stat: fs.Stats) => (stat.mode & 0o777).toString(8).padStart(4, '0');

/** The mode of one file as `ls` prints it in octal, e.g. '0600'. */
export const modeOf = (file: string) => mode(fs.statSync(file));

/**
 * Every entry under `dir` (and `dir` itself) that another local user could reach: a directory other than 0700,
 * a file other than 0600, as 'relative/path 0644'. Empty when the tree is its owner's alone.
 */
export function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    const name = path.relative(dir, entry) || '.';
    if (stat.isDirectory()) {
      if (mode(stat) !== '0700') found.push(`${name} ${mode(stat)}`);
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    } else if (stat.isFile() && mode(stat) !== '0600') found.push(`${name} ${mode(stat)}`);
  };
  visit(dir);
  return found;
}

/** Opens a tree up as a careless copy would: directories 0755, files 0666. */
export function openUp(dir: string) {
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isDirectory()) {
      fs.chmodSync(entry, 0o755);
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    } else if (stat.isFile()) fs.chmodSync(entry, 0o666);
  };
  visit(dir);
}
