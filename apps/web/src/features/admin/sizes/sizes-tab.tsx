import { BRANDS, type Brand, CHART_GENDERS, type ChartGender } from '@shop/contracts';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { capitalize } from '../../../lib/catalog/catalog-params';
import { QueryStatus } from '../shared/query-status';
import { StaffPage } from '../shared/staff-page';
import { StaffSelect } from '../shared/staff-select';
import { type ChartPlace, useSizeChart } from './api/size-charts';
import { ChartCsv } from './chart-csv';
import { SizeChartForm } from './size-chart-form';
import { UncoveredSizes } from './uncovered-sizes';
import '../shared/admin.css';
import './sizes.css';

const BRAND_OPTIONS = BRANDS.map((brand) => ({ value: brand, label: capitalize(brand) }));
const GENDER_OPTIONS = CHART_GENDERS.map((gender) => ({ value: gender, label: capitalize(gender) }));

const isBrand = (value: string | null): value is Brand =>
  (BRANDS as readonly (string | null)[]).includes(value);
const isGender = (value: string | null): value is ChartGender =>
  (CHART_GENDERS as readonly (string | null)[]).includes(value);

/** The chart chosen, kept in the address (`?brand=vans&gender=women`): the first brand's men's unless told. */
function useChartPlace(): [ChartPlace, (place: ChartPlace) => void] {
  const [params, setParams] = useSearchParams();
  const brand = params.get('brand');
  const gender = params.get('gender');
  const place: ChartPlace = {
    brand: isBrand(brand) ? brand : BRANDS[0],
    gender: isGender(gender) ? gender : CHART_GENDERS[0],
  };
  const choose = (next: ChartPlace) =>
    setParams({ brand: next.brand, gender: next.gender }, { replace: true });
  return [place, choose];
}

/**
 * /account/sizes (products.write): a brand's size chart for men or women, edited as a grid or as CSV, and
 * the products with a size in stock the chart does not give (decision 38).
 */
export function AdminSizesTab() {
  const id = useId();
  const [place, choose] = useChartPlace();
  const chart = useSizeChart(place);
  // Counts the imports and restores: the grid starts again from the chart each one saved.
  const [imports, setImports] = useState(0);
  const brandLabel = capitalize(place.brand);

  return (
    <StaffPage
      id={id}
      className="admin-size-charts"
      title="Sizes"
      intro="What each US size of a brand is in UK, EU, centimetres (the foot's length) and Japanese sizes, for men and for women. Product pages label their sizes and find a shopper's size with these charts."
    >
      <div className="admin-toolbar admin-size-charts__toolbar">
        <div className="admin-size-charts__choice">
          <StaffSelect
            id={`${id}-brand`}
            label="Brand"
            value={place.brand}
            options={BRAND_OPTIONS}
            onChange={(brand) => choose({ ...place, brand: brand as Brand })}
          />
          <StaffSelect
            id={`${id}-gender`}
            label="Gender"
            value={place.gender}
            options={GENDER_OPTIONS}
            onChange={(gender) => choose({ ...place, gender: gender as ChartGender })}
          />
        </div>
        <ChartCsv
          key={`${place.brand}-${place.gender}`}
          place={place}
          onImported={() => setImports((count) => count + 1)}
        />
      </div>

      {chart.isPending || chart.isError ? (
        <QueryStatus query={chart} what="the size chart" spacing="py-4" dismissible />
      ) : (
        <>
          <SizeChartForm
            key={`${place.brand}-${place.gender}-${imports}`}
            place={place}
            brandLabel={brandLabel}
            chart={chart.data}
            onRestored={() => setImports((count) => count + 1)}
          />
          <UncoveredSizes uncovered={chart.data.uncovered} />
        </>
      )}
    </StaffPage>
  );
}
