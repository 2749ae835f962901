import type { FeaturedProducts, Product } from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testQueryClient } from '../../test/query-client';
import { FeaturedBanners, PromoHero } from './featured-banners';

function product(id: string, name: string, price: number): Product {
  return {
    _id: id,
    name,
    brand: 'nike',
    price,
    compareAtPrice: null,
    priorPrice: null,
    rating: 5,
    card_picture: `/uploads/${id}/card.webp`,
    detail_picture: `/uploads/${id}/detail.webp`,
    original_picture: `/uploads/${id}/original.webp`,
    description: '<p>Test</p>',
    gender: ['men'],
    category: ['basketball'],
    color: 'Red',
    collection: 'Test',
    release_date: '2007-01-01',
    stock: { '9': 1 },
    taxCategory: 'standard',
    sizeShift: 0,
    gtin: null,
  };
}

function renderWith(data: FeaturedProducts) {
  const client = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
  client.setQueryData(['products', 'featured'], data);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PromoHero />
        <FeaturedBanners />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('featured banners', () => {
  it('promotes the Air Jordan with its story and a More Info link', () => {
    renderWith({ promo: product('promo', 'Air Jordan 1 Mid XQ', 189.99), banners: [] });
    const hero = screen.getByRole('region', { name: 'Air Jordan 1 Mid XQ' });
    expect(within(hero).getByRole('heading', { level: 1 })).toHaveTextContent('Air Jordan 1 Mid XQ');
    expect(hero).toHaveTextContent(/original 240-pair run from 2007/);
    expect(within(hero).getByRole('link', { name: 'More Info about Air Jordan 1 Mid XQ' })).toHaveAttribute(
      'href',
      '/home/promo',
    );
    expect(within(hero).getByRole('img', { name: 'Air Jordan 1 Mid XQ' })).toHaveAttribute(
      'src',
      '/uploads/promo/detail.webp',
    );
  });

  it('shows both banner products with their pictures and More Info links', () => {
    renderWith({ promo: null, banners: [product('a', 'Banner A', 53), product('b', 'Banner B', 63)] });
    for (const [id, name, price] of [
      ['a', 'Banner A', '$53.00'],
      ['b', 'Banner B', '$63.00'],
    ] as const) {
      const banner = screen.getByRole('heading', { name }).closest('article');
      if (!banner) throw new Error(`no banner for ${name}`);
      expect(banner).toHaveTextContent(price);
      expect(within(banner).getByRole('img', { name })).toHaveAttribute('src', `/uploads/${id}/detail.webp`);
      expect(within(banner).getByRole('link', { name: `More Info: ${name}` })).toHaveAttribute(
        'href',
        `/home/${id}`,
      );
    }
  });
});
