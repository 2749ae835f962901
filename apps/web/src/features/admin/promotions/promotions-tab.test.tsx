import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '../../../lib/dates';
import {
  errorBody,
  listOf,
  promotionFixture,
  renderPromotions,
  SPRING_ID,
  shipFixture,
} from './promotions-test-utils';

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const location = () => screen.getByTestId('location');

describe('Promotions tab: the list', () => {
  it('shows each code with its offer in words, state, dates, uses, cap and amounts, and Edit', async () => {
    const spring = promotionFixture();
    renderPromotions('/account/promotions', (call) =>
      call.path === '/api/promotions'
        ? {
            body: listOf([
              spring,
              shipFixture(),
              shipFixture({ id: 'x', code: 'TENOFF', kind: 'amount', value: 15 }),
            ]),
          }
        : undefined,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Promotions' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, second, third] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('rowheader')).toHaveTextContent('SPRING20');
    expect(first).toHaveTextContent('20% off');
    expect(first).toHaveTextContent('Active');
    expect(first).toHaveTextContent(formatInstant(spring.startsAt));
    expect(first).toHaveTextContent(formatInstant(spring.endsAt));
    expect(first).toHaveTextContent('12 of 100');
    expect(first).toHaveTextContent('2 per customer');
    expect(first).toHaveTextContent('$264.00');
    expect(first).toHaveTextContent('$1320.00');
    expect(within(first).getByRole('link', { name: 'Edit the promotion SPRING20' })).toHaveAttribute(
      'href',
      `/account/promotions/${SPRING_ID}`,
    );
    expect(second).toHaveTextContent('Free shipping');
    expect(second).toHaveTextContent('Paused');
    expect(second).toHaveTextContent('3 (no limit)');
    expect(second).toHaveTextContent('No end');
    expect(third).toHaveTextContent('$15.00 off');
    expect(screen.getByRole('link', { name: 'New promotion' })).toHaveAttribute(
      'href',
      '/account/promotions/new',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/promotions/export.csv',
    );
  });

  it('keeps the state, the search and the page in the address, and exports with the same filters', async () => {
    const { calls } = renderPromotions('/account/promotions', (call) =>
      call.path === '/api/promotions' ? { body: listOf([promotionFixture()], 1, 3) } : undefined,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('State'), 'Paused');
    await waitFor(() => expect(location()).toHaveTextContent('/account/promotions?state=paused'));
    await user.type(screen.getByLabelText('Search by code'), 'spring');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(location()).toHaveTextContent('/account/promotions?state=paused&search=spring'),
    );
    await waitFor(() => expect(calls.at(-1)?.search.toString()).toBe('state=paused&search=spring'));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/promotions/export.csv?state=paused&search=spring',
    );
    const pages = screen.getByRole('navigation', { name: 'Promotions pages' });
    await user.click(within(pages).getByRole('link', { name: /2/ }));
    await waitFor(() => expect(location()).toHaveTextContent('?state=paused&search=spring&page=2'));
    await waitFor(() => expect(calls.at(-1)?.search.get('page')).toBe('2'));
    // The export takes every page of the filters.
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/promotions/export.csv?state=paused&search=spring',
    );
  });

  it('reads its filters from the address, and says when nothing matches', async () => {
    const { calls } = renderPromotions('/account/promotions?state=archived&search=old', (call) =>
      call.path === '/api/promotions' ? { body: listOf([], 1, 0) } : undefined,
    );
    expect(await screen.findByText('No promotion matches these filters.')).toBeInTheDocument();
    const asked = calls.find((call) => call.path === '/api/promotions');
    expect(asked?.search.get('state')).toBe('archived');
    expect(asked?.search.get('search')).toBe('old');
    expect(screen.getByLabelText('State')).toHaveValue('archived');
    expect(screen.getByLabelText('Search by code')).toHaveValue('old');
  });

  it('says why the list failed, with a way to try again', async () => {
    let fail = true;
    renderPromotions('/account/promotions', (call) =>
      call.path === '/api/promotions'
        ? fail
          ? { status: 500, body: errorBody('INTERNAL_ERROR', 'The database is asleep') }
          : { body: listOf([promotionFixture()]) }
        : undefined,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is asleep');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});

describe('Promotions tab: paging past the end', () => {
  it('offers the first page again when a page has none', async () => {
    renderPromotions('/account/promotions?page=4', (call) =>
      call.path === '/api/promotions' ? { body: listOf([], 4, 2) } : undefined,
    );
    expect(await screen.findByText('There are no promotions on this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the first page' })).toHaveAttribute(
      'href',
      '/account/promotions',
    );
  });
});
