#!/usr/bin/env node
// npm run lint: every file path, docs/ heading and spec section that a comment or a markdown page cites
// must exist, and nothing may cite the design documents by their old names outside the repository.
// A line that must name a path that is not there (an example in a test fixture) carries
// `doc-refs-ignore` on the line itself, or `doc-refs-ignore-next-line` on the line above.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractComments } from './doc-refs/comments.mjs';
import { checkLine, headingsOf } from './doc-refs/rules.mjs';

const KINDS = { ts: 'js', tsx: 'js', mjs: 'js', cjs: 'js', js: 'js', css: 'css', sql: 'sql', md: 'md' };

// Files the check skips (none today); a file listed here needs a comment saying why.
export const EXCEPTIONS = new Set([]);

// Landed migrations are frozen (never edited), so the old way they cite the spec (without its file) stays;
// docs/spec.md keeps the section numbers, so those citations still lead to the right place.
export const FROZEN = /^apps\/server\/src\/db\/migrations\/[^/]+\.sql$/;

/** The lines of one file that the check reads: comment lines of source, every line of markdown. */
export function linesOf(file, text) {
  const kind = KINDS[path.extname(file).slice(1)];
  if (!kind) return [];
  if (kind === 'md') return text.split('\n').map((t, k) => ({ line: k + 1, text: t }));
  return extractComments(text, kind);
}

/**
 * The problems of one file's text. `repo.exists(relPath)` and `repo.headings(relDoc)` answer for the
 * repository (a map in tests, the disk in the command).
 */
export function checkFile(file, text, repo) {
  const markdown = file.endsWith('.md');
  const frozen = FROZEN.test(file);
  const allLines = text.split('\n');
  const problems = [];
  for (const { line, text: lineText } of linesOf(file, text)) {
    const raw = allLines[line - 1] ?? '';
    const above = allLines[line - 2] ?? '';
    if (raw.includes('doc-refs-ignore') && !raw.includes('doc-refs-ignore-next-line')) continue;
    if (above.includes('doc-refs-ignore-next-line')) continue;
    problems.push(...checkLine({ file, line, text: lineText, markdown, frozen }, repo));
  }
  return problems;
}

/** The repository on disk: tracked and new (not ignored) files. */
export function diskRepo(root) {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && fs.existsSync(path.join(root, f)));
  const headingCache = new Map();
  return {
    files: listed,
    exists: (p) => fs.existsSync(path.join(root, p)),
    ignored: (p) => gitIgnores(root, p) || gitIgnores(root, `${p.replace(/\/$/, '')}/`),
    headings(doc) {
      if (!headingCache.has(doc)) {
        const full = path.join(root, doc);
        headingCache.set(doc, fs.existsSync(full) ? headingsOf(fs.readFileSync(full, 'utf8')) : null);
      }
      return headingCache.get(doc);
    },
  };
}

/** Whether .gitignore covers a path (it need not exist): exit code 0 of `git check-ignore`. */
function gitIgnores(root, p) {
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', p], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function checkRepo(root) {
  const repo = diskRepo(root);
  const problems = [];
  for (const file of repo.files) {
    if (EXCEPTIONS.has(file) || !KINDS[path.extname(file).slice(1)]) continue;
    problems.push(...checkFile(file, fs.readFileSync(path.join(root, file), 'utf8'), repo));
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkRepo(root);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
  if (problems.length > 0) {
    console.error(`check-doc-refs: ${problems.length} stale citation(s)`);
    process.exit(1);
  }
  console.log('check-doc-refs: every cited path, heading and section exists');
}
