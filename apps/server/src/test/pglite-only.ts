/**
 * For test files about PGlite itself (its data directory and lock, its backups, the CLI on it, a fresh embedded
 * database): they open PGlite whatever TEST_DATABASE_URL says, so the PostgreSQL run of the server tests would
 * only repeat them on the same two cores; there their suites are skipped (`describe.skipIf(onPostgresRun)`).
 */
export const onPostgresRun = Boolean(process.env.TEST_DATABASE_URL);
