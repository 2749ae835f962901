import type { SizeChart } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aj1, type ProductsHandler, renderProductsTab } from './products-test-utils';

/** A chart of these keys (the other systems' figures do not matter here). */
const chart = (brand: SizeChart['brand'], gender: SizeChart['gender'], keys: string[]): SizeChart => ({
  brand,
  gender,
  systems: ['US', 'UK', 'EU', 'CM', 'JP'],
  rows: keys.map((key) => ({ key, US: key, UK: key, EU: key, CM: key, JP: key })),
  source: `${brand} ${gender}`,
  edited: false,
});

const UP_TO_13 = ['6', '6.5', '7', '8', '9', '10', '10.5', '11', '12', '13'];
/** Nike's and Vans's men's charts stop at 13; Nike's women's goes on to 15.5. Vans's start at 7. */
const CHARTS: SizeChart[] = [
  chart('nike', 'men', UP_TO_13),
  chart('nike', 'women', [...UP_TO_13, '14', '15', '15.5']),
  chart('vans', 'men', UP_TO_13.slice(2)),
];

const charts: ProductsHandler = (call) => {
  if (call.method !== 'GET' || call.path !== '/api/size-charts') return undefined;
  const found = CHARTS.find(
    (one) => one.brand === call.search.get('brand') && one.gender === call.search.get('gender'),
  );
  return found ? { body: found } : undefined;
};

/** The warning's own text (its link aside), as a pattern. */
const WARNING = /is not on the|are not on the/;

async function openDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit Air Jordan 1 Mid XQ' }));
  return within(await screen.findByRole('dialog', { name: 'Product Details' }));
}

describe('Sizes a chart does not give, on the product (staff)', { timeout: 20_000 }, () => {
  it("warns of a stocked size the brand's chart has no row for, and follows the brand and gender", async () => {
    const user = userEvent.setup();
    renderProductsTab(charts, { products: [{ ...aj1(), stock: { '9': 3, '15.5': 1 } }] });
    const details = await openDetails(user);

    const warning = await details.findByText(WARNING);
    expect(warning).toHaveTextContent(
      "Size 15.5 is not on the Nike men's size chart: shoppers see it as US 15.5 only. Add it to the chart in Sizes.",
    );
    expect(within(warning).getByRole('link', { name: 'Add it to the chart in Sizes.' })).toHaveAttribute(
      'href',
      '/account/sizes?brand=nike&gender=men',
    );

    await user.click(details.getByRole('button', { name: 'Edit Brand' }));
    await user.selectOptions(details.getByLabelText('Brand'), 'vans');
    expect(await details.findByText(/Vans men's size chart/)).toBeInTheDocument();

    // Back to Nike, for women only: their chart gives 15.5.
    await user.selectOptions(details.getByLabelText('Brand'), 'nike');
    await user.click(details.getByRole('button', { name: 'Edit Gender' }));
    await user.selectOptions(details.getByLabelText('Gender'), 'women');
    await expect.poll(() => details.queryByText(WARNING)).toBeNull();
  });

  it('warns as a size is added to the stock, and no more once it is removed', async () => {
    const user = userEvent.setup();
    renderProductsTab(charts, { products: [aj1()] });
    const details = await openDetails(user);
    await user.click(details.getByRole('button', { name: 'Stock' }));

    await user.selectOptions(details.getByLabelText('Add a size'), '15.5');
    await user.click(details.getByRole('button', { name: 'Add size' }));
    expect(await details.findByText(WARNING)).toHaveTextContent(
      "Size 15.5 is not on the Nike men's size chart: shoppers see it as US 15.5 only.",
    );
    await user.selectOptions(details.getByLabelText('Add a size'), '16');
    await user.click(details.getByRole('button', { name: 'Add size' }));
    expect(details.getByText(WARNING)).toHaveTextContent(
      "Sizes 15.5 and 16 are not on the Nike men's size chart: shoppers see them as US sizes only. Add them to the chart in Sizes.",
    );

    await user.click(details.getByRole('button', { name: 'Remove size 16' }));
    expect(details.getByText(WARNING)).toHaveTextContent(/^Size 15\.5 is not/);
    await user.click(details.getByRole('button', { name: 'Remove size 15.5' }));
    // 9 and 10 are on the chart.
    expect(details.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it("leads to the chart's Sizes tab", async () => {
    const user = userEvent.setup();
    renderProductsTab(charts, { products: [{ ...aj1(), stock: { '15.5': 1 } }] });
    const details = await openDetails(user);
    await user.click(await details.findByRole('link', { name: 'Add it to the chart in Sizes.' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(
      'elsewhere at /account/sizes?brand=nike&gender=men',
    );
  });

  it('warns in the create form of a size chosen that the chart does not give', async () => {
    const user = userEvent.setup();
    renderProductsTab(charts);
    await user.click(await screen.findByRole('button', { name: 'Add a product' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add a product' }));

    await user.click(form.getByRole('checkbox', { name: 'Size 6' }));
    await user.selectOptions(form.getByLabelText('Brand'), 'vans');
    await user.click(form.getByRole('radio', { name: 'Men' }));
    expect(await form.findByText(WARNING)).toHaveTextContent(
      "Size 6 is not on the Vans men's size chart: shoppers see it as US 6 only.",
    );
    // Nike's chart gives 6.
    await user.selectOptions(form.getByLabelText('Brand'), 'nike');
    await expect.poll(() => form.queryByText(WARNING)).toBeNull();
    await user.selectOptions(form.getByLabelText('Brand'), 'vans');
    expect(await form.findByText(WARNING)).toBeInTheDocument();
    await user.click(form.getByRole('checkbox', { name: 'Size 6' }));
    expect(form.queryByText(WARNING)).not.toBeInTheDocument();
  });
});
