#!/usr/bin/env node
// A throwaway PostgreSQL cluster for running API tests by hand (docs/testing.md): prints its admin URL and keeps
// it until Ctrl-C or SIGTERM, then removes it.
import { startTempPostgres } from './pg-temp.mjs';

const cluster = await startTempPostgres();
console.log(cluster.url);
const stop = () => {
  cluster.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => {}, 1 << 30);
