import { z } from './zod';

/**
 * Being found (issue 41): the JSON-LD a page carries, the sitemap, the product feed and the share cards. The
 * API builds all of them; the web renders the JSON-LD into its pages' one `<script type="application/ld+json">`
 * and points its Open Graph and Twitter tags at the share cards.
 *
 *   GET /api/structured-data/products/:id  { "@context", "@graph": [Product, BreadcrumbList] } (404: not on sale)
 *   GET /api/structured-data/home          { "@context", "@graph": [Organization, WebSite] }
 *   GET /sitemap.xml, /sitemaps/pages.xml, /sitemaps/products-<n>.xml, /robots.txt
 *   GET /feeds/products.xml (RSS 2.0, g: namespace), /feeds/products.tsv
 *   GET /share/products/:id.jpg, /share/shop.jpg (1200x630 JPEG), /share/logo.png (512x512)
 */

/** One node of a JSON-LD graph: a schema.org type and its properties (the API types them with schema-dts). */
const jsonLdNodeSchema = z.looseObject({ '@type': z.union([z.string(), z.array(z.string())]) });

/** A JSON-LD document: the schema.org context and its nodes, rendered as they are into the page. */
export const jsonLdDocumentSchema = z.object({
  '@context': z.literal('https://schema.org'),
  '@graph': z.array(jsonLdNodeSchema),
});
export type JsonLdDocument = z.infer<typeof jsonLdDocumentSchema>;
