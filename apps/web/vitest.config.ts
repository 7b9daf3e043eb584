import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Node by default; component tests opt in with `// @vitest-environment jsdom`.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Typing through user-event on a loaded 2-core CI machine can take longer than the default 5 s.
    testTimeout: 30_000,
  },
});
