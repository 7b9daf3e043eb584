import semver from 'semver';

// Which locked packages need a newer Node.js than the README promises; needs semver, so it runs after install.

/**
 * Locked packages that do not run on the oldest Node.js the root's engines allow (the one the README
 * promises): `npm install` warns about each, and they may break there. Optional platform builds are
 * skipped by npm when they do not fit, so they do not count.
 */
export function tooNewForNode(packages) {
  const oldest = semver.minVersion(packages['']?.engines?.node ?? '*');
  const found = [];
  for (const [location, entry] of Object.entries(packages)) {
    const wanted = entry.engines?.node;
    if (!location.includes('node_modules/') || entry.optional || typeof wanted !== 'string') continue;
    if (!semver.satisfies(oldest, wanted)) found.push(`${location}@${entry.version} needs Node ${wanted}`);
  }
  return { oldest: oldest?.version ?? 'any', found };
}
