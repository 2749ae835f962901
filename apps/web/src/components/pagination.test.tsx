import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow } from './pagination';

function renderPagination(page: number, pages: number, onChange = vi.fn()) {
  render(<Pagination page={page} pages={pages} onChange={onChange} />);
  return onChange;
}

const numbers = () =>
  screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => Number(button.textContent));
const control = (name: string) => screen.queryByRole('button', { name });

describe('pageWindow', () => {
  it('lists every page below 8 pages', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('shows a window of 7 around the current page from 8 pages on', () => {
    expect(pageWindow(1, 8)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(8, 8)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(19, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });
});

describe('Pagination', () => {
  it('renders nothing without pages', () => {
    const { container } = render(<Pagination page={1} pages={0} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('1 page: the number with disabled Prev/Next, no First/Last', () => {
    renderPagination(1, 1);
    expect(numbers()).toEqual([1]);
    expect(control('Previous page')).toBeDisabled();
    expect(control('Next page')).toBeDisabled();
    expect(control('First page')).toBeNull();
    expect(control('Last page')).toBeNull();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('7 pages: all numbers with Prev/Next, no First/Last', () => {
    renderPagination(4, 7);
    expect(numbers()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(control('Previous page')).toBeEnabled();
    expect(control('Next page')).toBeEnabled();
    expect(control('First page')).toBeNull();
    expect(control('Last page')).toBeNull();
  });

  it('8 pages at the start: First/Prev disabled, window 1-7, Next/Last enabled', () => {
    renderPagination(1, 8);
    expect(numbers()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(control('First page')).toBeDisabled();
    expect(control('Previous page')).toBeDisabled();
    expect(control('Next page')).toBeEnabled();
    expect(control('Last page')).toBeEnabled();
  });

  it('many pages, current in the middle: the window is centred and marked', () => {
    renderPagination(10, 20);
    expect(numbers()).toEqual([7, 8, 9, 10, 11, 12, 13]);
    const current = screen.getByRole('button', { name: 'Page 10' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(
      screen.getAllByRole('button').filter((b) => b.getAttribute('aria-current') === 'page'),
    ).toHaveLength(1);
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page'])
      expect(control(name)).toBeEnabled();
  });

  it('at the end: window ends on the last page, Next/Last disabled', () => {
    renderPagination(20, 20);
    expect(numbers()).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(control('Next page')).toBeDisabled();
    expect(control('Last page')).toBeDisabled();
    expect(control('First page')).toBeEnabled();
  });

  it('reports the chosen page', async () => {
    const onChange = renderPagination(10, 20);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await user.click(screen.getByRole('button', { name: 'Page 12' }));
    expect(onChange.mock.calls.map(([page]) => page)).toEqual([11, 9, 1, 20, 12]);
  });

  it('renders links when given hrefFor', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/home',
          element: <Pagination page={2} pages={9} hrefFor={(page) => `/home?page=${page}`} />,
        },
      ],
      { initialEntries: ['/home?page=2'] },
    );
    render(<RouterProvider router={router} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('link', { name: 'Page 5' })).toHaveAttribute('href', '/home?page=5');
    expect(within(nav).getByRole('link', { name: 'Last page' })).toHaveAttribute('href', '/home?page=9');
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});
