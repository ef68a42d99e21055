/**
 * The reference of the HTTP benchmark: a bare Fastify server with one route, GET /bare, answering a
 * static JSON body (a real browse page captured by bench/http-catalogue.ts, so the bytes are the same).
 * It has the API's compression settings, so a run that sends Accept-Encoding compares like with like.
 * Started by the benchmark: BARE_PAYLOAD_FILE, PORT, HOST.
 */
import { readFileSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';

const payload = readFileSync(process.env.BARE_PAYLOAD_FILE!, 'utf8');
const app = Fastify({ logger: false });
await app.register(compress, {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  syncThreshold: 64 * 1024,
});
app.get('/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(payload));

const close = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
