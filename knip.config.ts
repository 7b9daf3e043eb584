import type { KnipConfig } from 'knip';

// Dead-code check in `npm run lint` (docs/conventions.md#dead-code). knip's plugins read the real entry points
// from the configs (vite: index.html, src/main.tsx, the handheld entry, the service worker src/pwa/ngsw-worker.ts and its
// workers; package.json scripts: the server, admin and seed CLIs, scripts/fuzz; vitest and playwright: tests,
// specs, global setup). Named here are only the entries no config names.
const config: KnipConfig = {
  // An export used in its own file is only exported too widely; a function nobody calls is still reported.
  ignoreExportsUsedInFile: true,
  // The workspaces are private: what an entry (such as @mde/contracts' src/index.ts) exports must be used too.
  includeEntryExports: true,
  workspaces: {
    '.': {
      // Run by hand, from .ci/run, from npm scripts or from other scripts (`node scripts/<name>.mjs`); the
      // runner hands its file-times reporter to Vitest by path.
      entry: ['scripts/*.mjs', 'scripts/test-runner/file-times-reporter.mjs'],
      project: ['scripts/**/*.{mjs,ts}'],
    },
    'apps/web': {
      // make-icons and make-beep regenerate public/ assets by hand; precompress runs after `vite build`.
      entry: ['index.html', 'scripts/*.mjs'],
      project: ['src/**/*.{ts,tsx}', 'scripts/*.mjs'],
      // Pinned only so the lockfile keeps its platform builds (docs/conventions.md#dependencies).
      ignoreDependencies: ['rollup'],
      // The Debian encoder make-beep.mjs calls (apt-get install lame), no npm package.
      ignoreBinaries: ['lame'],
    },
    'apps/server': {
      project: ['src/**/*.ts'],
    },
    'packages/contracts': {
      project: ['src/**/*.ts'],
    },
    e2e: {
      project: ['**/*.ts'],
    },
    bench: {
      // bench/run.mjs starts each */run.* and *-bench.ts by its path (and the cache's main-thread bench); processes.ts spawns the two article-lookup
      // children; sync-stall.mjs and lookup-ratio.ts are measurements run by hand (see their first lines).
      entry: [
        '*/run.{mjs,ts}',
        '*/*-bench.ts',
        'bundle/bundle-size.mjs',
        'article-cache/main-thread.mjs',
        'article-lookup/hello-server.ts',
        'article-lookup/paced-worker.ts',
        'captures/sync-stall.mjs',
        'transfer/lookup-ratio.ts',
      ],
      project: ['**/*.{mjs,ts}'],
    },
  },
};

export default config;
