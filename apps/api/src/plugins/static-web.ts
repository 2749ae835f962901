import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import parseRange from 'range-parser';
import { AppError } from '../lib/app-error';
import type { Storage } from '../lib/storage';
import { createPageResponder } from './page-render';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const IMMUTABLE = `public, max-age=${YEAR_SECONDS}, immutable`;

/**
 * Serves uploaded images (from `storage`), the built web app, and its pages: any GET for a path that is not
 * a file is a page of the app, rendered on the server (page-render.ts), so every client route loads on
 * refresh. Unknown /api paths answer JSON 404.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  options: { storage: Storage; webDistDir: string | null },
): Promise<void> {
  serveUploads(app, options.storage);

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
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
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

/**
 * `/uploads/<key>` from the storage, on every instance whichever stored it. A key's content never changes
 * (storage.ts), so browsers and CDNs keep it for a year without asking again; the ETag is a hash of the
 * content, the same on every instance. A key with no file gets the not-found answer of any missing file.
 * One byte range is answered with its part (206), as video players ask (Safari plays nothing otherwise);
 * any other Range header gets the whole file, which HTTP allows.
 */
function serveUploads(app: FastifyInstance, storage: Storage): void {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const file = await storage.get((request.params as { '*': string })['*']);
    if (!file) return reply.callNotFound();
    const etag = `"${createHash('sha256').update(file.data).digest('base64url')}"`;
    reply.header('Cache-Control', IMMUTABLE);
    reply.header('ETag', etag);
    reply.header('Last-Modified', file.storedAt.toUTCString());
    reply.header('Accept-Ranges', 'bytes');
    if (isFresh(request.headers, etag, file.storedAt)) return reply.code(304).send();
    reply.type(file.contentType);
    const part = byteRange(request.headers, etag, file.data.length);
    if (!part) return reply.send(file.data);
    reply.header('Content-Range', `bytes ${part.start}-${part.end}/${file.data.length}`);
    return reply.code(206).send(file.data.subarray(part.start, part.end + 1));
  });
}

/** The one byte range asked for, when it can be answered (and If-Range, if sent, names this content). */
function byteRange(headers: IncomingHttpHeaders, etag: string, size: number): parseRange.Range | null {
  const ifRange = headers['if-range'];
  if (!headers.range || (ifRange !== undefined && ifRange !== etag)) return null;
  const ranges = parseRange(size, headers.range, { combine: true });
  return Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? (ranges[0] ?? null) : null;
}

/** Whether the client's copy is current: by If-None-Match when it sends one, else by If-Modified-Since. */
function isFresh(headers: IncomingHttpHeaders, etag: string, storedAt: Date): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch) {
    return noneMatch.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));
  }
  const since = Date.parse(headers['if-modified-since'] ?? '');
  // Last-Modified carries whole seconds.
  return Math.floor(storedAt.getTime() / 1000) * 1000 <= since;
}
