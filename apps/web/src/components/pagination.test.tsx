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

  /** First, Previous, Next and Last: there and enabled ('on'), there and disabled ('off'), or not there. */
  type Controls = [first: Control, previous: Control, next: Control, last: Control];
  type Control = 'on' | 'off' | 'none';
  const EXPECT_CONTROL: Record<Control, (name: string) => void> = {
    on: (name) => expect(control(name)).toBeEnabled(),
    off: (name) => expect(control(name)).toBeDisabled(),
    none: (name) => expect(control(name)).toBeNull(),
  };

  // 1 page: Prev/Next disabled; up to 7 pages: every number, no First/Last; from 8 pages: a window of 7
  // around the current page, First/Prev disabled at the start and Next/Last at the end.
  it.each<{ page: number; pages: number; window: [number, number]; controls: Controls }>([
    { page: 1, pages: 1, window: [1, 1], controls: ['none', 'off', 'off', 'none'] },
    { page: 4, pages: 7, window: [1, 7], controls: ['none', 'on', 'on', 'none'] },
    { page: 1, pages: 8, window: [1, 7], controls: ['off', 'off', 'on', 'on'] },
    { page: 10, pages: 20, window: [7, 13], controls: ['on', 'on', 'on', 'on'] },
    { page: 20, pages: 20, window: [14, 20], controls: ['on', 'on', 'off', 'off'] },
  ])(
    'page $page of $pages: pages $window shown, the current one marked',
    ({ page, pages, window, controls }) => {
      renderPagination(page, pages);
      const [from, to] = window;
      expect(numbers()).toEqual(Array.from({ length: to - from + 1 }, (_, index) => from + index));
      ['First page', 'Previous page', 'Next page', 'Last page'].forEach((name, index) => {
        EXPECT_CONTROL[controls[index] ?? 'none'](name);
      });
      expect(screen.getByRole('button', { name: `Page ${page}` })).toHaveAttribute('aria-current', 'page');
      expect(
        screen.getAllByRole('button').filter((b) => b.getAttribute('aria-current') === 'page'),
      ).toHaveLength(1);
    },
  );

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
