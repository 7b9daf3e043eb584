// The citation rules: which words in a comment or a markdown line point at a file or a documented section,
// and whether that file, heading or section is really there.
import path from 'node:path';

/** Top folders of the repository: a path starting with one of them is read from the repository root. */
const ROOTS = ['apps', 'packages', 'scripts', 'docs', 'e2e', 'bench'];
/** Workspaces: a `src/…` path in a file is read from that file's workspace. */
const WORKSPACES = ['apps/web', 'apps/server', 'packages/contracts', 'e2e', 'bench'];

// The design and spec documents used to live outside the repository under these names; the code cites
// docs/ now, so the old names are always a stale citation.
const OLD_NAMES = /\b(MODULES|STYLE|ARCHITECTURE|SPEC)\.md\b/g;
// Outside the clone. The barcode photos of the decode bench are a data set, not a document, and stay
// outside on purpose (too large for the repository): `../shared/data` is therefore not reported.
const OUTSIDE = /\.\.\/shared\/(?!data\b)/g;
/** A spec section cited the old way, without naming the file. */
const BARE_SPEC = /(?<![\w/.-])[Ss]pec §\s?\d/g;
/** `docs/spec.md §2`, `docs/spec.md §3, §8`, `docs/spec.md §2/§4`, `docs/spec.md §4 and §8`. */
const SPEC_CHAIN = /docs\/spec\.md ((?:§\d+(?:\.\d+)*)(?:(?:, |\/| and | or )§\d+(?:\.\d+)*)*)/g;
const PATH = new RegExp(
  `(?<![\\w@/.:~-])((?:\\.\\.?/)+[\\w.-][\\w./-]*|(?:${ROOTS.join('|')}|src)/[\\w./-]*)(#[\\w-]+)?`,
  'g',
);
const URL = /\b[a-z][a-z+.-]*:\/\/\S+/gi;
/** Words of a path pattern rather than a path: `features/<m>/`, `modules/*`, `:id`, `…`. */
const PLACEHOLDER = /[<>*{}$…]|\/:|\.\.\.$/;

/**
 * The problems of one line (a comment line or a markdown line).
 * A `frozen` file (a landed migration) may not be edited, so its old-style citations stay; the paths,
 * anchors and sections it cites are still checked.
 * @param {{ file: string, line: number, text: string, markdown: boolean, frozen?: boolean }} where
 * @param {{ exists: (p: string) => boolean, headings: (doc: string) => Set<string> | null,
 *   ignored?: (p: string) => boolean }} repo
 */
export function checkLine({ file, line, text, markdown, frozen = false }, repo) {
  const problems = [];
  const report = (message) => problems.push({ file, line, message });
  if (!frozen) {
    for (const m of text.matchAll(OLD_NAMES)) report(`${m[0]} is not in the repository: cite docs/ instead`);
    for (const m of text.matchAll(OUTSIDE)) report(`${m[0]} points outside the repository: cite docs/ instead`);
    for (const m of text.matchAll(BARE_SPEC)) report(`'${m[0]}' cites the spec without its file: docs/spec.md §N`);
  }
  for (const m of text.matchAll(SPEC_CHAIN)) {
    const sections = repo.headings('docs/spec.md');
    for (const n of m[1].match(/\d+(?:\.\d+)*/g) ?? []) {
      if (sections && !sections.has(`§${n}`)) report(`docs/spec.md has no section §${n}`);
    }
  }
  const plain = text.replace(URL, ' ');
  for (const m of plain.matchAll(PATH)) {
    const raw = m[1].replace(/[.,;:]+$/, '');
    if (PLACEHOLDER.test(raw) || raw.startsWith('../shared/')) continue;
    if (raw === 'src/' || !raw.includes('/') || raw.endsWith('/.')) continue;
    const target = resolve(file, raw, repo, markdown);
    // What git ignores (build output, the runtime data directory) is made by running the app, never cloned.
    if (!target && repo.ignored?.(raw.replace(/^\.\//, ''))) continue;
    if (!target) {
      report(`${raw} does not exist`);
      continue;
    }
    if (m[2] && target.endsWith('.md')) {
      const anchors = repo.headings(target);
      if (anchors && !anchors.has(m[2])) report(`${target} has no heading ${m[2]}`);
    }
  }
  if (markdown) {
    // Relative markdown links inside the docs: [text](other.md#part).
    for (const m of text.matchAll(/\]\(([^)\s#]+\.md)(#[^)\s]+)?\)/g)) {
      if (/^[a-z]+:/i.test(m[1])) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]));
      if (!repo.exists(target)) report(`link ${m[1]} does not exist`);
      else if (m[2] && !(repo.headings(target)?.has(m[2]) ?? true)) report(`${target} has no heading ${m[2]}`);
    }
  }
  return problems;
}

/** Where a cited path lands in the repository, or null when it lands nowhere. */
function resolve(file, raw, repo, markdown) {
  const clean = raw.replace(/\/$/, '');
  const candidates = [];
  if (clean.startsWith('.')) candidates.push(path.posix.join(path.posix.dirname(file), clean));
  else if (clean.startsWith('src/')) {
    const own = WORKSPACES.find((w) => file.startsWith(`${w}/`));
    if (own) candidates.push(`${own}/${clean}`);
    // A markdown page or a file at the root names a workspace's src/ only by the context of its sentence.
    if (markdown || !own) for (const w of WORKSPACES) candidates.push(`${w}/${clean}`);
  } else {
    candidates.push(clean);
    // A workspace names its own folders from its root (`e2e/…` inside bench/ is bench's, scripts/ both).
    const own = WORKSPACES.find((w) => file.startsWith(`${w}/`));
    if (own) candidates.push(`${own}/${clean}`);
  }
  return candidates.find((c) => repo.exists(c)) ?? null;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors (`#slug`) and spec sections (`§N` from `## N. Title`) of a markdown text. */
export function headingsOf(markdownText) {
  const found = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdownText.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(`#${count === 0 ? base : `${base}-${count}`}`);
    const section = /^§?(\d+(?:\.\d+)*)\.?\s/.exec(m[1]);
    if (section) found.add(`§${section[1]}`);
  }
  return found;
}
