import { PAGINATION_FULL_BELOW, PAGINATION_WINDOW } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './pagination.css';

/**
 * The page numbers to show (spec section 9): every page below 8 pages, otherwise a window of 7 numbers
 * around the current page, shifted so it never runs past either end.
 */
export function pageWindow(page: number, pages: number): number[] {
  if (pages < 1) return [];
  const current = Math.min(Math.max(page, 1), pages);
  if (pages < PAGINATION_FULL_BELOW) return Array.from({ length: pages }, (_, i) => i + 1);
  const half = Math.floor(PAGINATION_WINDOW / 2);
  const start = Math.min(Math.max(current - half, 1), pages - PAGINATION_WINDOW + 1);
  return Array.from({ length: PAGINATION_WINDOW }, (_, i) => start + i);
}

interface PaginationProps {
  page: number;
  pages: number;
  /** Pages become links (shareable, open in a new tab) when given. */
  hrefFor?: (page: number) => string;
  /** Called when a page is chosen (with or without hrefFor). */
  onChange?: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
  className?: string;
}

/**
 * Bootstrap pagination. Fewer than 8 pages: all numbers with Prev/Next. Otherwise First/Prev, a window of
 * 7 numbers and Next/Last. The current page carries aria-current; the ends are disabled at the edges.
 * Renders nothing when there are no pages.
 */
export function Pagination({ page, pages, hrefFor, onChange, label = 'Pages', className }: PaginationProps) {
  if (pages < 1) return null;
  const current = Math.min(Math.max(page, 1), pages);
  const numbers = pageWindow(current, pages);
  const withEnds = pages >= PAGINATION_FULL_BELOW;

  const item = (key: string, target: number, content: ReactNode, ariaLabel: string, disabled: boolean) => {
    const isCurrent = key === `page-${current}`;
    const classes = `page-item${disabled ? ' disabled' : ''}${isCurrent ? ' active' : ''}`;
    if (disabled) {
      return (
        <li key={key} className={classes}>
          <button type="button" className="page-link" disabled aria-label={ariaLabel}>
            {content}
          </button>
        </li>
      );
    }
    const common = {
      className: 'page-link',
      'aria-label': ariaLabel,
      'aria-current': isCurrent ? ('page' as const) : undefined,
    };
    return (
      <li key={key} className={classes}>
        {hrefFor ? (
          <Link {...common} to={hrefFor(target)} onClick={() => onChange?.(target)}>
            {content}
          </Link>
        ) : (
          <button {...common} type="button" onClick={() => onChange?.(target)}>
            {content}
          </button>
        )}
      </li>
    );
  };

  const arrow = (glyph: string, text: string) => (
    <>
      <span aria-hidden="true">{glyph}</span>
      <span className="shop-pagination__text">{text}</span>
    </>
  );

  return (
    <nav aria-label={label} className={className}>
      <ul className="pagination shop-pagination justify-content-center mb-0">
        {withEnds && item('first', 1, arrow('«', 'First'), 'First page', current === 1)}
        {item('prev', current - 1, arrow('‹', 'Previous'), 'Previous page', current === 1)}
        {numbers.map((number) => item(`page-${number}`, number, number, `Page ${number}`, false))}
        {item('next', current + 1, arrow('›', 'Next'), 'Next page', current === pages)}
        {withEnds && item('last', pages, arrow('»', 'Last'), 'Last page', current === pages)}
      </ul>
    </nav>
  );
}
