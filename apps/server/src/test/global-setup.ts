import type { TestProject } from 'vitest/node';
// @ts-expect-error plain .mjs helper shared with the test runner, no type declarations
import { startTempPostgres } from '../../../../scripts/pg-temp.mjs';
import { dropDatabaseTemplate, makeDatabaseTemplate, type PostgresCluster } from './database-template';

/**
 * Once per run of the server tests: the migrated, seeded database every test file copies (database-template.ts).
 * On PostgreSQL each Vitest worker gets a cluster of its own (TEST_DATABASE_URL is the first): the event feed reads
 * only up to the oldest transaction still running in the cluster, so a file holding a transaction open in one
 * worker would hold back another worker's webhook deliveries, which no single process on a real server shares.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = await makeDatabaseTemplate(undefined);
    project.provide('databaseTemplate', template);
    project.provide('postgresClusters', undefined);
    return () => dropDatabaseTemplate(template, undefined);
  }
  const started: { url: string; stop(): void }[] = [];
  for (let i = 1; i < project.globalConfig.maxWorkers; i++) started.push(await startTempPostgres());
  const clusters: PostgresCluster[] = [];
  for (const url of [adminUrl, ...started.map((c) => c.url)]) {
    const template = await makeDatabaseTemplate(url);
    if (template.kind !== 'postgres') throw new Error('a PostgreSQL template was expected');
    clusters.push({ adminUrl: url, template: template.name });
  }
  project.provide('databaseTemplate', undefined);
  project.provide('postgresClusters', clusters);
  return async () => {
    await dropDatabaseTemplate({ kind: 'postgres', name: clusters[0]?.template ?? '' }, adminUrl);
    for (const cluster of started) cluster.stop();
  };
}
