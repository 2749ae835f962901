import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/** Deeper JSON than this is refused before it is parsed: no payload of the shop nests past a few levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * How deeply a JSON text nests its arrays and objects, counted up to `limit` in one pass over the raw
 * string (brackets inside strings do not count). Stops at the first level past `limit`.
 */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      // A backslash escapes the next character; an unescaped quote ends the string.
      if (char === 0x5c) index += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) break;
      }
    } else if (char === 0x5d || char === 0x7d) {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * True when the text holds a C0 control character other than tab, line feed and carriage return.
 * PostgreSQL text cannot hold NUL at all, and no field of the shop has a use for the others.
 */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char < 0x20 && char !== 0x09 && char !== 0x0a && char !== 0x0d) return true;
  }
  return false;
}

/** The first string (key or value) in `value` holding a control character, as a dotted path, or null. */
function controlCharacterAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : null;
  // Parsed bodies are at most MAX_JSON_DEPTH deep; buffers (signed webhook bodies) are not text.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > MAX_JSON_DEPTH)
    return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (hasControlCharacter(key)) return at;
    const found = controlCharacterAt(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses malformed input at the edge, before any route (Better Auth's forwarded ones included) can pass
 * it to the database:
 * - JSON bodies are checked for nesting depth on the raw text, then parsed with Fastify's own parser
 *   (prototype-poisoning protection included); the body size limit still applies before any of this.
 * - A control character (NUL above all) anywhere in the path parameters, the query or the body is a 400
 *   naming the field.
 * - A multipart body without its boundary is a 400.
 */
export function registerInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(AppError.invalid('body', `must not nest deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request) => {
    // The multipart parser would fail deep inside the route without the boundary that separates the parts.
    const type = request.headers['content-type'] ?? '';
    if (/^\s*multipart\//i.test(type) && !/;\s*boundary=/i.test(type))
      throw AppError.invalid('body', 'must be multipart/form-data with a boundary');
    for (const part of [request.params, request.query, request.body]) {
      const field = controlCharacterAt(part, '');
      // A wildcard route's parameter is called '*'; a text body has no field name.
      if (field !== null)
        throw AppError.invalid(
          field === '*' ? 'path' : field || 'body',
          'must not contain control characters',
        );
    }
  });
}
