import { BRANDS, type Brand, chartGenderOf, rowForKey } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { capitalize } from '../../../lib/catalog/catalog-params';
import { sizeChartQuery } from '../../../lib/sizes';

interface UnchartedSizesProps {
  /** The brand as the form holds it ('' while none is chosen). */
  brand: string;
  /** The genders as the form holds them: they choose the men's or the women's chart. */
  genders: readonly string[];
  /** The size keys the product has or is about to have ('10', '10.5'). */
  sizes: readonly string[];
  className?: string;
}

const isBrand = (value: string): value is Brand => (BRANDS as readonly string[]).includes(value);

/** '15.5', '15.5 and 16', '15.5, 16 and 17'. */
const listed = (keys: readonly string[]) =>
  keys.length > 1 ? `${keys.slice(0, -1).join(', ')} and ${keys.at(-1)}` : (keys[0] ?? '');

/**
 * The product side of the charts' warning (the Sizes tab lists the chart side): the sizes of the product
 * its brand's chart has no row for, which shoppers then see as a US size only, in no other system. Every
 * size counts, sold out or not, since a product page lists its sold-out sizes too. Nothing while the
 * brand is not chosen or the chart loads or fails.
 */
export function UnchartedSizes({ brand, genders, sizes, className = '' }: UnchartedSizesProps) {
  const gender = chartGenderOf(genders);
  const known = isBrand(brand);
  const chart = useQuery({
    ...sizeChartQuery(known ? brand : 'other', gender),
    enabled: known && sizes.length > 0,
    // Staff may have just added the size in the Sizes tab, which keeps its charts under its own key.
    staleTime: 0,
  }).data;
  if (!known || !chart) return null;
  const uncharted = sizes.filter((key) => !rowForKey(chart.rows, key));
  if (uncharted.length === 0) return null;

  const one = uncharted.length === 1;
  const chartName = `${capitalize(brand)} ${gender}'s size chart`;
  const place = new URLSearchParams({ brand, gender });
  return (
    <div className={`alert alert-warning mb-0 ${className}`.trim()} role="status">
      {one ? 'Size' : 'Sizes'} {listed(uncharted)} {one ? 'is' : 'are'} not on the {chartName}: shoppers see{' '}
      {one ? `it as US ${uncharted[0]}` : 'them as US sizes'} only.{' '}
      <Link to={`/account/sizes?${place}`} className="alert-link">
        Add {one ? 'it' : 'them'} to the chart in Sizes.
      </Link>
    </div>
  );
}
