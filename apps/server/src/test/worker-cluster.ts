import { inject } from 'vitest';

// Runs before each server test file: on PostgreSQL, points TEST_DATABASE_URL at this worker's own cluster
// (global-setup.ts says why each worker has one).
const clusters = inject('postgresClusters');
if (clusters && clusters.length > 0) {
  const index = (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % clusters.length;
  process.env.TEST_DATABASE_URL = clusters[index]?.adminUrl;
}
