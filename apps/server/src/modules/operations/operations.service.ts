// What the probes and gauges read of the database (routes reach SQL through a service).
export { appliedMigrations, pushQueueDepth } from './operations.repository';
