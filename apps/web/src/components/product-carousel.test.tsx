import { CAROUSEL_INTERVAL_MS, CAROUSEL_MAX, type Product, type ProductList } from '@shop/contracts';
import { buildProduct } from '@shop/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductListParams } from '../lib/catalog/catalog-queries';
import { testQueryClient } from '../test/query-client';
import { ProductCarousel } from './product-carousel';

function product(n: number): Product {
  return buildProduct({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Test Runner ${n}`,
    price: 100 + n,
    color: 'Black',
    release_date: '2023-01-01',
  });
}

const params: ProductListParams = { category: 'basketball' };

/** matchMedia for jsdom: nothing matches (one slide per view), except reduced motion when asked. */
function mockMatchMedia(reducedMotion: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reducedMotion && query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

function renderCarousel(products: Product[] | null) {
  const client = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
  if (products) {
    const list: ProductList = { products, total: products.length, totalExact: true, page: 1, pages: 1 };
    client.setQueryData(['products', { ...params, limit: CAROUSEL_MAX }], list);
  }
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProductCarousel title="Only Basketball" params={params} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The slides a visitor can see (the others are inert and hidden). */
function visibleSlides(): string[] {
  return screen.getAllByRole('group').map((slide) => slide.getAttribute('aria-label') ?? '');
}

function carousel() {
  return screen.getByRole('region', { name: 'Only Basketball' });
}

function viewport() {
  const element = carousel().querySelector('.carousel-slider__viewport');
  if (!element) throw new Error('no viewport');
  return element;
}

function swipe(from: number, to: number) {
  fireEvent.pointerDown(viewport(), { clientX: from, pointerId: 1, pointerType: 'touch', button: 0 });
  fireEvent.pointerMove(viewport(), { clientX: to, pointerId: 1, pointerType: 'touch' });
  fireEvent.pointerUp(viewport(), { clientX: to, pointerId: 1, pointerType: 'touch' });
}

describe('ProductCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockMatchMedia(false);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the title and product cards, one per view on a phone', () => {
    renderCarousel([product(1), product(2), product(3)]);
    expect(screen.getByRole('heading', { name: 'Only Basketball' })).toBeInTheDocument();
    expect(visibleSlides()).toEqual(['1 of 3']);
    expect(within(carousel()).getByText('Test Runner 1')).toBeVisible();
  });

  it('shows at most 25 products', () => {
    renderCarousel(Array.from({ length: 30 }, (_, i) => product(i + 1)));
    expect(carousel().querySelectorAll('.carousel-slider__slide')).toHaveLength(CAROUSEL_MAX);
  });

  it('fills a slide when it comes within a view of being shown, and keeps it filled', () => {
    renderCarousel(Array.from({ length: 10 }, (_, i) => product(i + 1)));
    const filled = () =>
      [...carousel().querySelectorAll('.carousel-slider__slide')].map((slide) => slide.childElementCount > 0);
    // One per view on a phone: the slide in view and the next one.
    expect(filled()).toEqual([true, true, false, false, false, false, false, false, false, false]);
    fireEvent.click(screen.getByRole('button', { name: 'Next slides' }));
    expect(within(carousel()).getByText('Test Runner 3')).toBeInTheDocument();
    expect(filled().filter(Boolean)).toHaveLength(3);
    // Wrapping to the last slide passes every slide on the way: all are filled first.
    fireEvent.click(screen.getByRole('button', { name: 'Previous slides' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slides' }));
    expect(visibleSlides()).toEqual(['10 of 10']);
    expect(filled().every(Boolean)).toBe(true);
  });

  it('shows placeholders while the products load', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderCarousel(null);
    expect(screen.getByText('Loading Only Basketball…')).toBeInTheDocument();
    expect(document.querySelectorAll('.carousel-placeholder').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Next slides' })).not.toBeInTheDocument();
  });

  it('advances every 5 seconds and wraps around', () => {
    renderCarousel([product(1), product(2), product(3)]);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1));
    expect(visibleSlides()).toEqual(['1 of 3']);
    act(() => vi.advanceTimersByTime(1));
    expect(visibleSlides()).toEqual(['2 of 3']);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(visibleSlides()).toEqual(['3 of 3']);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(visibleSlides()).toEqual(['1 of 3']);
  });

  it('does not advance while hovered, and resumes after', () => {
    renderCarousel([product(1), product(2), product(3)]);
    fireEvent.pointerEnter(carousel(), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(visibleSlides()).toEqual(['1 of 3']);
    fireEvent.pointerLeave(carousel(), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(visibleSlides()).toEqual(['2 of 3']);
  });

  it('does not advance while something inside has keyboard focus', () => {
    renderCarousel([product(1), product(2), product(3)]);
    act(() => screen.getByRole('button', { name: 'Next slides' }).focus());
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(visibleSlides()).toEqual(['1 of 3']);
    act(() => screen.getByRole('button', { name: 'Next slides' }).blur());
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(visibleSlides()).toEqual(['2 of 3']);
  });

  it('never advances on its own when reduced motion is preferred', () => {
    mockMatchMedia(true);
    renderCarousel([product(1), product(2), product(3)]);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(visibleSlides()).toEqual(['1 of 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Next slides' }));
    expect(visibleSlides()).toEqual(['2 of 3']);
  });

  it('stops and restarts with the pause button', () => {
    renderCarousel([product(1), product(2), product(3)]);
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    act(() => screen.getByRole('button', { name: 'Start automatic slide show' }).blur());
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2));
    expect(visibleSlides()).toEqual(['1 of 3']);
  });

  it('moves with the previous and next buttons', () => {
    renderCarousel([product(1), product(2), product(3)]);
    fireEvent.click(screen.getByRole('button', { name: 'Next slides' }));
    expect(visibleSlides()).toEqual(['2 of 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slides' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slides' }));
    expect(visibleSlides()).toEqual(['3 of 3']);
  });

  it.each<{ what: string; swipes: [from: number, to: number, shown: string][] }>([
    {
      what: 'ignores a swipe shorter than 40 px',
      swipes: [
        [200, 161, '1 of 3'],
        [200, 239, '1 of 3'],
      ],
    },
    {
      what: 'moves on a swipe of 40 px or more, in its direction',
      swipes: [
        [200, 120, '2 of 3'],
        [100, 180, '1 of 3'],
      ],
    },
  ])('$what', ({ swipes }) => {
    renderCarousel([product(1), product(2), product(3)]);
    for (const [from, to, shown] of swipes) {
      swipe(from, to);
      expect(visibleSlides()).toEqual([shown]);
    }
  });

  it('does not open a card at the end of a swipe', () => {
    renderCarousel([product(1), product(2), product(3)]);
    const link = within(carousel()).getAllByRole('link')[0];
    if (!link) throw new Error('no card link');
    const onClick = vi.fn();
    carousel().addEventListener('click', onClick);
    swipe(200, 120);
    fireEvent.click(link);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('tells the visitor when there is nothing to show', () => {
    renderCarousel([]);
    expect(screen.getByText(/New pairs are on their way/)).toBeInTheDocument();
  });
});
