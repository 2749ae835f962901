import type { ProductList } from '@shop/contracts';
import { NoIndex } from '../../components/no-index';
import { JsonLd, PageHead } from '../../components/page-head';
import { breadcrumbList, catalogCrumbs } from '../../lib/breadcrumbs';
import {
  type CatalogState,
  canonicalCatalogPath,
  catalogSizeText,
  filterChips,
} from '../../lib/catalog/catalog-params';
import { SITE_NAME, useSiteOrigin } from '../../lib/page-head';

const CATALOG_PATH = '/home';

/** What the listed page holds, in a sentence: the search, the filters and the size. */
function catalogDescription(state: CatalogState): string {
  const chips = filterChips(state.filters).map((chip) => chip.label);
  if (state.size) chips.push(`In my size: ${catalogSizeText(state.size)}`);
  const what = state.search ? `Sneakers matching "${state.search}"` : 'Sneakers';
  const narrowed = chips.length > 0 ? ` (${chips.join(', ')})` : '';
  return `${what}${narrowed} at ${SITE_NAME}: filter by brand, category, gender, size, price and rating.`;
}

/**
 * The catalogue's head: its canonical URL (the listing's filters, search and page, not its sort), the
 * previous and next pages, its card and its breadcrumbs; a search that found nothing is kept out of
 * search results.
 */
export function CatalogHead({
  state,
  upcoming,
  list,
}: {
  state: CatalogState;
  /** The upcoming drops are shown in place of the products (`?upcoming=1`). */
  upcoming: boolean;
  list: ProductList | undefined;
}) {
  const origin = useSiteOrigin();
  const pathFor = (page: number) => canonicalCatalogPath(CATALOG_PATH, state, page);
  const path = upcoming ? `${CATALOG_PATH}?upcoming=1` : pathFor(state.page);
  // As the navbar and the page's title name it.
  const name = upcoming ? 'Upcoming drops' : state.search ? `Results for "${state.search}"` : 'Products';
  const pages = upcoming ? 0 : (list?.pages ?? 0);
  const prev = !upcoming && state.page > 1 ? pathFor(state.page - 1) : undefined;
  const next = state.page < pages ? pathFor(state.page + 1) : undefined;
  const foundNothing = !upcoming && Boolean(state.search) && list?.total === 0;
  const description = upcoming
    ? `Upcoming sneaker drops at ${SITE_NAME}: release dates, draws and waiting rooms.`
    : catalogDescription(state);
  return (
    <>
      {foundNothing ? <NoIndex /> : null}
      <PageHead
        title={`${name} · ${SITE_NAME}`}
        description={description}
        path={path}
        prev={prev}
        next={next}
      />
      <JsonLd document={breadcrumbList(origin, catalogCrumbs(name, path))} />
    </>
  );
}
