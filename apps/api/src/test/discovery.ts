import type { Product } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { storedPictures } from './product-pictures';
import { send } from './shop';

export type Pictures = Awaited<ReturnType<typeof storedPictures>>;

let made = 0;

/** A product made through the staff API (POST /api/products/create), as it answered. */
export async function staffProduct(
  app: FastifyInstance,
  adminCookie: string,
  pictures: Pictures,
  overrides: Record<string, unknown> = {},
): Promise<Product> {
  made += 1;
  const response = await send(app, 'POST', '/api/products/create', adminCookie, {
    name: `Found Runner ${made}`,
    brand: 'nike',
    category: ['running'],
    color: 'Blue',
    gender: 'women',
    stock: { '8': 10, '8.5': 5, '9': 2 },
    ...pictures,
    release_date: '2024-03-15',
    price: 120,
    description: '<p>A light runner for <b>long</b> days &amp; short nights.</p>',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

/** Changes a product through the staff API (PUT /api/products/modify/:id). */
export async function modifyProduct(
  app: FastifyInstance,
  adminCookie: string,
  id: string,
  changes: Record<string, unknown>,
): Promise<void> {
  const response = await send(app, 'PUT', `/api/products/modify/${id}`, adminCookie, changes);
  expect(response.statusCode, response.body).toBe(200);
}

/** Archives a product through the staff API (DELETE /api/products/:id). */
export async function archiveProduct(app: FastifyInstance, adminCookie: string, id: string): Promise<void> {
  const response = await send(app, 'DELETE', `/api/products/${id}`, adminCookie);
  expect(response.statusCode, response.body).toBeLessThan(300);
}

/**
 * What keeps this XML from being well-formed, as the shop writes XML (a declaration, elements with quoted
 * attributes, and text; no comments, CDATA or doctype): tags closed in order, one root, no bare `&` or `<`.
 */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  if (body === xml) problems.push('no XML declaration');
  const open: string[] = [];
  let roots = 0;
  for (const [token] of body.matchAll(/<[^<>]*>|[^<]+|</g)) {
    if (token === '<') problems.push('a bare <');
    else if (token.startsWith('</')) {
      const name = token.slice(2, -1);
      if (open.pop() !== name) problems.push(`</${name}> closes nothing open`);
    } else if (token.startsWith('<')) {
      const name = /^<([\w:.-]+)/.exec(token)?.[1];
      if (!name) problems.push(`a bad tag ${token}`);
      else if (!token.endsWith('/>')) {
        if (open.length === 0) roots += 1;
        open.push(name);
      }
    } else if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(token)) {
      problems.push(`a bare & in ${token.slice(0, 60)}`);
    } else if (open.length === 0 && token.trim() !== '') problems.push('text outside the root');
  }
  if (open.length > 0) problems.push(`unclosed ${open.join(', ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

/** An XML text's characters as they are: its five entities decoded. */
export const xmlText = (text: string): string =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/** The text of every `<name>` element of an XML document, decoded, in order. */
export const xmlValues = (xml: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((match) => xmlText(match[1] ?? ''));
