/** Breadcrumb trails as schema.org's BreadcrumbList, for the pages' JSON-LD (components/page-head's JsonLd). */

/** One step of a breadcrumb trail: its name and its path on the shop. */
export interface Crumb {
  name: string;
  path: string;
}

/** A schema.org BreadcrumbList of `crumbs`, with absolute URLs. */
export function breadcrumbList(origin: string, crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

/** A catalogue page's trail: the landing page, then the page. */
export const catalogCrumbs = (name: string, path: string): Crumb[] => [
  { name: 'Home', path: '/' },
  { name, path },
];
