import { buildApp } from './app';
import { loadEnv } from './config/env';
import { DataDirInUseError } from './db/data-dir-lock';
import { createPrivateFiles } from './lib/private-files';
import { shutDown } from './shutdown';

createPrivateFiles();
const env = loadEnv();
const app = await buildApp({ env, seed: true, adminSocket: true }).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  // One line a person reads, not a stack: a second server was started on a directory in use.
  console.error(error.message);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    shutDown(app).then(
      () => process.exit(0),
      (error) => {
        app.log.error(error, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
await app.listen({ port: env.PORT, host: env.HOST });
