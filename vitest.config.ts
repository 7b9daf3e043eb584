import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web',
      'bench',
      // The repository's own checks (scripts/*.mjs), e.g. the citation check run by `npm run lint`.
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
