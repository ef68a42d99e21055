import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@recell/contract';
import { sendError } from './errors.ts';

const oneYear = 31_536_000;

/**
 * Serves the built web app and uploaded images from this same process. Hashed assets and
 * content-addressed images never change, so browsers keep them for a year; index.html is always
 * revalidated so a deploy is picked up at once. Page routes fall back to index.html (the SPA
 * router decides, including its 404 page); unknown /api/* paths answer a JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDistDir: string; uploadsDir: string }) => {
  await app.register(fastifyStatic, {
    root: opts.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    wildcard: true,
    immutable: true,
    maxAge: oneYear * 1000,
  });

  const indexFile = path.join(opts.webDistDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build writes .br/.gz twins (apps/web/scripts/precompress.mjs); browsers get those.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const isHashedAsset = filePath.startsWith(path.join(opts.webDistDir, 'assets') + path.sep);
        reply.header('cache-control', isHashedAsset ? `public, max-age=${oneYear}, immutable` : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir: opts.webDistDir }, 'web app not built: serving the API only (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !url.startsWith('/uploads/') &&
      // A missing asset (an old hashed chunk) must 404, not answer HTML the browser cannot run.
      !path.extname(url);
    if (wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', opts.webDistDir);
    }
    return sendError(reply, 404, 'not_found', url.startsWith('/api') ? messages.routeNotFound : messages.notFound);
  });
});
