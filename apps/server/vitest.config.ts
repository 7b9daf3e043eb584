import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker keeps the modules it has loaded from one file to the next: loading the server's modules again for
    // every file cost about 40 % of this project's time. What a file changes lives in its own database and app
    // (createTestApp); a test hands its fakes in as arguments instead of replacing modules (vi.mock).
    isolate: false,
    // One migrated, seeded database per run that every test file copies (src/test/database-template.ts).
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/worker-cluster.ts'],
  },
});
