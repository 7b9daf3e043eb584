import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One migrated, seeded database per run that every test file copies (src/test/database-template.ts).
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/worker-cluster.ts'],
  },
});
