import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { createPageResponder } from './page-render';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves uploaded images, the built web app, and its pages: any GET for a path that is not a file is a
 * page of the app, rendered on the server (page-render.ts), so every client route loads on refresh.
 * Unknown /api paths answer JSON 404.
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
      // `/` is a page like any other: rendered, not the bare index.html.
      index: false,
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

  const respondWithPage = hasWeb ? await createPageResponder(app, webDist) : null;

  if (respondWithPage) app.get('/', respondWithPage);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isFile = /\.[a-z0-9]+$/i.test(pathname) || pathname.startsWith('/uploads/');
    if (!isApi && !isFile && respondWithPage && (request.method === 'GET' || request.method === 'HEAD')) {
      return respondWithPage(request, reply);
    }
    throw new AppError('NOT_FOUND', `No route for ${request.method} ${pathname}`);
  });
}
