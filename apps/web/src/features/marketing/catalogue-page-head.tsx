import { JsonLd, PageHead } from '../../components/page-head';
import { breadcrumbList, catalogCrumbs } from '../../lib/breadcrumbs';
import { SITE_NAME, useSiteOrigin } from '../../lib/page-head';

/** A catalogue page of the shop's own (/women, /basketball): its card and its breadcrumbs. */
export function CataloguePageHead({
  name,
  path,
  description,
}: {
  name: string;
  path: string;
  description: string;
}) {
  const origin = useSiteOrigin();
  return (
    <>
      <PageHead title={`${name} · ${SITE_NAME}`} description={description} path={path} />
      <JsonLd document={breadcrumbList(origin, catalogCrumbs(name, path))} />
    </>
  );
}
