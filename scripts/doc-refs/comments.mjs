// The comment text of a source file, line by line, so the citation check reads what people wrote about
// the code and never a string or a regular expression the code itself uses.

/** Characters after which a `/` starts a regular expression rather than a division. */
const REGEX_AFTER = new Set([
  '',
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
]);

/**
 * Comments of a TypeScript/JavaScript/CSS/SQL text as `{ line, text }` (1-based line, one entry per line a
 * comment covers). `sql` switches the line comment from `//` to `--`; CSS has only block comments.
 * @param {string} source
 * @param {'js' | 'css' | 'sql'} kind
 */
export function extractComments(source, kind) {
  const out = [];
  let line = 1;
  let i = 0;
  let lastSignificant = '';
  /** Template literal nesting: each entry is the brace depth at which the template resumes. */
  const templates = [];
  let braceDepth = 0;
  const push = (start, end) => {
    let startLine = line;
    for (const part of source.slice(start, end).split('\n')) {
      out.push({ line: startLine, text: part });
      startLine += 1;
    }
  };
  const countLines = (from, to) => {
    for (let k = from; k < to; k += 1) if (source[k] === '\n') line += 1;
  };
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    const lineComment = kind === 'sql' ? c === '-' && next === '-' : kind === 'js' && c === '/' && next === '/';
    if (lineComment) {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      push(i + 2, stop);
      i = stop;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end;
      push(i + 2, stop);
      countLines(i, stop);
      i = stop + 2;
      continue;
    }
    if (c === '\n') {
      line += 1;
      i += 1;
      continue;
    }
    if (c === "'" || c === '"' || (c === '`' && kind === 'js')) {
      i = skipQuoted(c);
      lastSignificant = 'a';
      continue;
    }
    if (kind === 'js' && c === '/' && REGEX_AFTER.has(lastSignificant)) {
      i = skipRegex();
      lastSignificant = 'a';
      continue;
    }
    if (kind === 'js' && c === '{') braceDepth += 1;
    if (kind === 'js' && c === '}') {
      if (templates.length > 0 && templates[templates.length - 1] === braceDepth) {
        templates.pop();
        braceDepth -= 1;
        i = skipQuoted('`', i + 1);
        lastSignificant = 'a';
        continue;
      }
      braceDepth -= 1;
    }
    if (!/\s/.test(c)) lastSignificant = /[\w$)\]]/.test(c) ? 'a' : c;
    i += 1;
  }
  return out;

  /** Skips a quoted string (or the rest of a template from `from`); returns the index after it. */
  function skipQuoted(quote, from = i + 1) {
    let k = from;
    while (k < source.length) {
      const ch = source[k];
      if (ch === '\\') {
        if (source[k + 1] === '\n') line += 1;
        k += 2;
        continue;
      }
      if (ch === '\n') {
        line += 1;
        if (quote !== '`') return k; // an unterminated string ends at the line
      }
      if (ch === quote) return k + 1;
      if (quote === '`' && ch === '$' && source[k + 1] === '{') {
        braceDepth += 1;
        templates.push(braceDepth);
        return k + 2;
      }
      k += 1;
    }
    return k;
  }

  function skipRegex() {
    let k = i + 1;
    let inClass = false;
    while (k < source.length && source[k] !== '\n') {
      const ch = source[k];
      if (ch === '\\') k += 1;
      else if (ch === '[') inClass = true;
      else if (ch === ']') inClass = false;
      else if (ch === '/' && !inClass) return k + 1;
      k += 1;
    }
    return k; // not a regular expression after all: go on from the line's end
  }
}
