import Fastify from 'fastify';

// The baseline of the lookup bench: a Fastify route that does nothing, on the same machine in the same run.
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
