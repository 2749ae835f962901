import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Responses smaller than this go out as they are: compressing them saves less than it costs. */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses what the server makes per request (JSON, the history fallback's index.html, CSV) with brotli
 * or gzip, as the browser accepts. Brotli at quality 4 is about gzip's speed at a smaller size; the web
 * app's built files are compressed once, at the highest quality, when they are built (scripts/build-web.mjs)
 * and served as they are (static-web.ts). A response that is already encoded is left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
