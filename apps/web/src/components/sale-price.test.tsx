import { setShopCurrency } from '@shop/contracts';
import { buildProduct } from '@shop/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/mock-api';
import { testQueryClient } from '../test/query-client';
import { ProductCard } from './product-card';
import { SalePrice } from './sale-price';

function renderCard(price: number, compareAtPrice: number | null, priorPrice: number | null = null) {
  mockApi(() => ({ body: null }));
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <ProductCard product={buildProduct({ name: 'Dunk Low Panda', price, compareAtPrice, priorPrice })} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ProductCard sale price', () => {
  it('strikes the compare-at price through and says the saving, read as was and now', () => {
    renderCard(120, 150);
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('was $150.00, now $120.00, save $30.00');
    expect(screen.getByText('$150.00').tagName).toBe('S');
    expect(screen.getByText('$150.00')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Save $30.00')).toBeInTheDocument();
  });

  it("writes the prices in the shop's currency: euros once the shop sells in EUR", () => {
    setShopCurrency('EUR');
    try {
      renderCard(120, 150);
      expect(screen.getByRole('article')).toHaveTextContent('was €150.00, now €120.00, save €30.00');
      expect(screen.getByText('€120.00')).toBeInTheDocument();
      expect(screen.queryByText(/\$/)).toBeNull();
    } finally {
      setShopCurrency('USD');
    }
  });

  it('shows the price alone when the product is not on sale', () => {
    renderCard(120, null);
    expect(screen.getByText('$120.00')).toBeInTheDocument();
    expect(screen.queryByText(/Save/)).toBeNull();
    expect(screen.queryByText(/was/)).toBeNull();
  });
});

describe('the lowest price of the last 30 days beside a reduction', () => {
  it('is written under the sale price of a card, as text every reader gets', () => {
    renderCard(120, 150, 135);
    const note = screen.getByText('Lowest price in the last 30 days: $135.00');
    expect(note).toBeVisible();
    expect(note).not.toHaveAttribute('aria-hidden');
    expect(note.closest('[aria-hidden]')).toBeNull();
    expect(screen.getByRole('article')).toHaveTextContent(
      'was $150.00, now $120.00, save $30.00$150.00$120.00Save $30.00Lowest price in the last 30 days: $135.00',
    );
  });

  it('is not written when the price never changed (no prior price)', () => {
    renderCard(120, 150, null);
    expect(screen.getByText('Save $30.00')).toBeInTheDocument();
    expect(screen.queryByText(/Lowest price/)).toBeNull();
  });

  it('is not written without a reduction, even when the price changed', () => {
    render(<SalePrice price={120} compareAtPrice={null} priorPrice={100} />);
    expect(screen.getByText('$120.00')).toBeInTheDocument();
    expect(screen.queryByText(/Lowest price/)).toBeNull();
  });

  it('says a prior price below the current one as it is', () => {
    render(<SalePrice price={120} compareAtPrice={150} priorPrice={99.5} />);
    expect(screen.getByText('Lowest price in the last 30 days: $99.50')).toBeInTheDocument();
  });
});
