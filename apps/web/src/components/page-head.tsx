import type { ReactNode } from 'react';
import {
  jsonLdText,
  SHARE_IMAGE_SIZE,
  SHOP_SHARE_IMAGE,
  SITE_NAME,
  STRUCTURED_DATA_ATTRIBUTE,
  useSiteOrigin,
} from '../lib/page-head';

/**
 * A public page's head (issue 41): its canonical URL (with its neighbours when it is one of a series of
 * pages) and the cards a shared link shows, Open Graph and Twitter's. React hoists these tags into the
 * document's head and takes them away with the page, so each page has one set; a page renders one
 * PageHead. The page's <title> stays the page's own.
 */
export function PageHead({
  title,
  description,
  path,
  type = 'website',
  image = { path: SHOP_SHARE_IMAGE, alt: SITE_NAME },
  prev,
  next,
  children,
}: {
  /** What the card is headed with (the shop's name comes with it as og:site_name). */
  title: string;
  description: string;
  /** The page's canonical path and query: what `<link rel="canonical">` and og:url name. */
  path: string;
  type?: 'website' | 'product';
  /** A share image the API draws at 1200x630 (lib/page-head.ts), and what it shows. */
  image?: { path: string; alt: string };
  /** The paths of the previous and next page of a paginated list. */
  prev?: string;
  next?: string;
  /** More of the card: a product's price and availability. */
  children?: ReactNode;
}) {
  const origin = useSiteOrigin();
  const url = `${origin}${path}`;
  const imageUrl = `${origin}${image.path}`;
  // Open Graph names its tags with `property`, Twitter with `name`.
  const card: [string, string][] = [
    ['og:site_name', SITE_NAME],
    ['og:type', type],
    ['og:title', title],
    ['og:description', description],
    ['og:url', url],
    ['og:image', imageUrl],
    ['og:image:width', String(SHARE_IMAGE_SIZE.width)],
    ['og:image:height', String(SHARE_IMAGE_SIZE.height)],
    ['og:image:alt', image.alt],
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', title],
    ['twitter:description', description],
    ['twitter:image', imageUrl],
    ['twitter:image:alt', image.alt],
  ];
  return (
    <>
      <link rel="canonical" href={url} />
      {prev ? <link rel="prev" href={`${origin}${prev}`} /> : null}
      {next ? <link rel="next" href={`${origin}${next}`} /> : null}
      {card.map(([key, content]) =>
        key.startsWith('og:') ? (
          <meta key={key} property={key} content={content} />
        ) : (
          <meta key={key} name={key} content={content} />
        ),
      )}
      {children}
    </>
  );
}

/**
 * A JSON-LD document in a data block: the browser runs nothing in it (nor does the CSP need to allow
 * it), search engines read it. As the element's text, with no `<` that could end it early. `name`: the
 * query the document came from, which the browser reads it back for (lib/structured-data).
 */
export function JsonLd({ document, name }: { document: unknown; name?: string }) {
  const named = name ? { [STRUCTURED_DATA_ATTRIBUTE]: name } : {};
  return (
    <script type="application/ld+json" {...named}>
      {jsonLdText(document)}
    </script>
  );
}
