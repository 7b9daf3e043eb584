// What a lockfile must hold so that `npm ci` on a fresh machine installs a tree that builds and runs. Plain
// Node.js only: `.ci/run` checks this before `npm ci`, when node_modules does not exist yet.

function resolves(packages, from, name) {
  let base = from;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

/**
 * Every plain and optional dependency that no location up the tree records. `npm ci` refuses a lockfile that
 * lacks a platform build a package lists as optional (the registry this project installs from lags behind
 * npmjs.org), and an `npm install` over an existing node_modules once dropped rollup from the lockfile while
 * it stayed on disk, so the build broke only on a clean machine.
 */
export function missingDependencies(packages) {
  const missing = [];
  for (const [location, entry] of Object.entries(packages)) {
    if (location !== '' && !location.includes('node_modules/')) continue; // workspaces are linked
    const names = [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {})];
    for (const name of names) {
      if (!resolves(packages, location, name)) missing.push(`${location || '(root)'} → ${name}`);
    }
  }
  return missing;
}
