import { jsonLdDocumentSchema, productIdParamsSchema, productIdSchema } from '@shop/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import {
  type DiscoveryDeps,
  type DiscoveryState,
  discoveryState,
  feedText,
  homeJsonLd,
  logo,
  type Made,
  productCard,
  productJsonLd,
  shopCard,
  sitemap,
} from './discovery.service';
import { robotsTxt } from './sitemap';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Answers the same for everyone, asked again before each use: an unchanged one comes back as a bodiless 304. */
const REVALIDATE = 'public, no-cache';
/** A share card changes with its product (and its tag with it); crawlers may keep one an hour. */
const CARD_CACHE = 'public, max-age=3600';
const DAY_CACHE = 'public, max-age=86400';

/** Sets the answer's tag and caching; true when the client's copy is this one (then 304 is sent). */
function notModified(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  cacheControl: string,
): boolean {
  reply.header('etag', etag).header('cache-control', cacheControl);
  const known = request.headers['if-none-match'];
  const fresh = known?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;
  if (fresh) reply.code(304).send();
  return fresh;
}

/** Sends JSON made already (a page's JSON-LD), or 304 when the client holds it. */
function sendJson(request: FastifyRequest, reply: FastifyReply, made: Made<string>) {
  if (notModified(request, reply, made.etag, REVALIDATE)) return reply;
  return reply.type('application/json; charset=utf-8').send(made.body);
}

/** The JSON-LD of the pages, for the web's server render (one `<script type="application/ld+json">`). */
function structuredDataRoutes(app: App, deps: DiscoveryDeps): void {
  app.get(
    '/api/structured-data/products/:id',
    {
      schema: {
        tags: ['discovery'],
        summary:
          "A product page's JSON-LD: { @context, @graph: [Product (offers: an AggregateOffer of one Offer per size with its price, availability, size, shipping and return policy; aggregateRating and up to 5 reviews once a buyer reviewed it), BreadcrumbList] }",
        params: productIdParamsSchema,
        response: { 200: jsonLdDocumentSchema, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      return sendJson(request, reply, await productJsonLd(deps, request.params.id));
    },
  );

  app.get(
    '/api/structured-data/home',
    {
      schema: {
        tags: ['discovery'],
        summary:
          "The landing page's JSON-LD: { @context, @graph: [Organization (name, url, logo, return policy), WebSite (SearchAction into the catalogue's search)] }",
        response: { 200: jsonLdDocumentSchema },
      },
    },
    async (request, reply) => {
      return sendJson(request, reply, await homeJsonLd(deps));
    },
  );
}

const XML = 'application/xml; charset=utf-8';
const hidden = { hide: true } as const;
/** `/sitemaps/products-<n>.xml`: n from 1. */
const sitemapPageSchema = z.object({
  page: z.coerce
    .number({ error: 'must be a page number' })
    .int({ error: 'must be a page number' })
    .min(1)
    .max(1_000_000),
});

/** The sitemap index, its children and robots.txt (outside /api, not in the API's document). */
function sitemapRoutes(app: App, deps: DiscoveryDeps, state: DiscoveryState): void {
  app.get('/sitemap.xml', { schema: hidden }, async (request, reply) => {
    const made = await sitemap(deps, state);
    if (notModified(request, reply, made.etag, REVALIDATE)) return reply;
    return reply.type(XML).send(made.body.index);
  });

  app.get('/sitemaps/pages.xml', { schema: hidden }, async (request, reply) => {
    const made = await sitemap(deps, state);
    if (notModified(request, reply, `${made.etag.slice(0, -1)}-pages"`, REVALIDATE)) return reply;
    return reply.type(XML).send(made.body.pages);
  });

  app.get(
    '/sitemaps/products-:page.xml',
    { schema: { ...hidden, params: sitemapPageSchema } },
    async (request, reply) => {
      const made = await sitemap(deps, state);
      const { page } = request.params;
      const file = made.body.products[page - 1];
      if (file === undefined) throw AppError.notFound('Sitemap');
      if (notModified(request, reply, `${made.etag.slice(0, -1)}-${page}"`, REVALIDATE)) return reply;
      return reply.type(XML).send(file);
    },
  );

  app.get('/robots.txt', { schema: hidden }, async (_request, reply) =>
    reply.header('cache-control', DAY_CACHE).type('text/plain; charset=utf-8').send(robotsTxt(deps.siteUrl)),
  );
}

/** The product feed, one item per size, as RSS 2.0 with Google's namespace and as tab-separated text. */
function feedRoutes(app: App, deps: DiscoveryDeps, state: DiscoveryState): void {
  for (const format of ['xml', 'tsv'] as const) {
    app.get(`/feeds/products.${format}`, { schema: hidden }, async (request, reply) => {
      const { body, etag } = await feedText(deps, state, format);
      if (notModified(request, reply, etag, REVALIDATE)) return reply;
      return reply.type(format === 'xml' ? XML : 'text/tab-separated-values; charset=utf-8').send(body);
    });
  }
}

/** The share cards (1200x630 JPEG) and the logo the Organization names. */
function shareRoutes(app: App, deps: DiscoveryDeps, state: DiscoveryState): void {
  app.get(
    '/share/products/:id.jpg',
    { schema: { ...hidden, params: z.object({ id: productIdSchema }) } },
    async (request, reply) => {
      const { etag, draw } = await productCard(deps, state, request.params.id);
      if (notModified(request, reply, etag, CARD_CACHE)) return reply;
      return reply.type('image/jpeg').send(await draw());
    },
  );

  app.get('/share/shop.jpg', { schema: hidden }, async (request, reply) => {
    const card = shopCard(deps, state);
    if (notModified(request, reply, card.etag, DAY_CACHE)) return reply;
    return reply.type('image/jpeg').send(await card.body());
  });

  app.get('/share/logo.png', { schema: hidden }, async (request, reply) => {
    const made = logo(state);
    if (notModified(request, reply, made.etag, DAY_CACHE)) return reply;
    return reply.type('image/png').send(await made.body());
  });
}

/**
 * Being found (issue 41): the pages' JSON-LD under /api; the sitemap, robots.txt, the product feed and the
 * share cards at the shop's root (registered before the web's pages, which take every other path).
 */
export const discoveryRoutes: FastifyPluginAsyncZod<{ deps: DiscoveryDeps }> = async (app, { deps }) => {
  const state = discoveryState();
  structuredDataRoutes(app, deps);
  sitemapRoutes(app, deps, state);
  feedRoutes(app, deps, state);
  shareRoutes(app, deps, state);
};
