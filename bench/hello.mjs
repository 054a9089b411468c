// The yardstick of `npm run bench`: the project's own Fastify answering a fixed JSON object, with no
// plugins. Every API figure is reported as a ratio to this one, measured in the same run on the same
// machine, so the figures of a busy machine and a quiet one can still be compared.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGINT', () => app.close().then(() => process.exit(0)));
