/**
 * The discovery module's face (issue 41): what search engines, shopping feeds and shared links read of the
 * shop: the pages' JSON-LD, the sitemap and robots.txt, the product feed, and the share cards.
 */
export { discoveryRoutes } from './discovery.routes';
export type { DiscoveryDeps } from './discovery.service';
