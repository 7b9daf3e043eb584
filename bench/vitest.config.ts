import { defineConfig } from 'vitest/config';

// Tests of the bench's own measuring tools (not the benchmarks themselves, which `npm run bench` runs).
export default defineConfig({ test: { name: 'bench', environment: 'node', include: ['**/*.test.ts'] } });
