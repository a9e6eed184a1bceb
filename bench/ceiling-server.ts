// The ceiling: a bare Fastify server on the same machine, measured by the same client.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ message: 'ok', items: [] }));
app.post('/bare', async (request) => ({ message: 'ok', echoed: typeof request.body }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log(`listening ${(app.server.address() as { port: number }).port}`);
