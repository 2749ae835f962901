import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves uploaded images, the built web app, and the history fallback: any GET for a page that is not a
 * file answers index.html, so every client route loads on refresh. Unknown /api paths answer JSON 404.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  options: { uploadsDir: string; webDistDir: string | null },
): Promise<void> {
  mkdirSync(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: YEAR_SECONDS * 1000,
  });

  const webDist = options.webDistDir;
  const hasWeb = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // The build writes a .br and a .gz beside each text file (scripts/build-web.mjs): sent as the
      // browser accepts, with no compressing per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isFile = /\.[a-z0-9]+$/i.test(pathname) || pathname.startsWith('/uploads/');
    if (!isApi && !isFile && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html', webDist);
    }
    throw new AppError('NOT_FOUND', `No route for ${request.method} ${pathname}`);
  });
}
