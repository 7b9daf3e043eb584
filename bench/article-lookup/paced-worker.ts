import { measurePaced } from './paced-load';

// One paced measurement in a process of its own (see pacedInChild in processes.ts).
process.once('message', async (job: Parameters<typeof measurePaced>) => {
  const result = await measurePaced(...job);
  process.send?.(result, () => process.exit(0));
});
