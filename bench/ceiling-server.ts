/**
 * The ceiling every benchmark is compared against, run in its own process like the app:
 * a bare Fastify server with no database, no auth and no schemas.
 *   GET /small → a small JSON object
 *   GET /bytes → the bytes of CEILING_BYTES_FILE as JSON (the same bytes the app returns)
 *   PUT|POST /small → a small JSON object after reading the body
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const bytesFile = process.env.CEILING_BYTES_FILE;
const bytes = bytesFile ? readFileSync(bytesFile) : Buffer.from('{}');

app.get('/small', async () => ({ status: 'ok', database: 'none', version: '0' }));
app.put('/small', async () => ({ status: 'ok' }));
app.post('/small', async () => ({ status: 'ok' }));
app.get('/bytes', (_request, reply) => {
  reply.type('application/json').send(bytes);
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ ready: address });
