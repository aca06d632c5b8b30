// The baseline for the ingestion benchmark, run as its own process: a bare Fastify server whose
// POST /api/track only parses the JSON body (Fastify's built-in parser) and answers {success:true}.
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? '0');
const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });

app.post('/api/track', async () => ({ success: true }));

const stop = (): void => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

await app.listen({ port, host: '127.0.0.1' });
