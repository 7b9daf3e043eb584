import { buildApp } from './app';
import { loadEnv } from './config/env';
import { shutDown } from './shutdown';

const env = loadEnv();
const app = await buildApp({ env, seed: true });
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
