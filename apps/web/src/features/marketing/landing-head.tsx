import { JsonLd, PageHead } from '../../components/page-head';
import { SITE_NAME } from '../../lib/page-head';
import { homeStructuredDataQuery, useStructuredData } from '../../lib/structured-data';

/** What the shop sells, in a sentence. */
const SHOP_DESCRIPTION =
  'Basketball, running and lifestyle sneakers from nike, adidas, converse, vans, champion, gucci and more.';

/** The landing page's head: its card, and the shop and its search as JSON-LD (as the server loaded it). */
export function LandingHead() {
  const structuredData = useStructuredData(homeStructuredDataQuery);
  return (
    <>
      <PageHead title={SITE_NAME} description={SHOP_DESCRIPTION} path="/" />
      {structuredData.document ? (
        <JsonLd document={structuredData.document} name={structuredData.name} />
      ) : null}
    </>
  );
}
