import { type ActivityEvent, AUDIT_KINDS } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, errorBody } from '../../../test/mock-api';
import { retryFailedLoad } from '../../../test/retry';
import { NO_ACTIVITY_TEXT, NO_MATCH_TEXT, NO_MORE_TEXT } from './activity-tab';
import {
  ANA,
  activityEvent,
  adminUser,
  BEN,
  ORDER_ID,
  PRODUCT_ID,
  renderActivity,
  SHOPPER_ID,
} from './activity-test-utils';
import { ACTIVITY_PAGE_SIZE } from './api/get-activity';

const activityCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/admin/activity');
const lastQuery = (calls: ApiCall[]) => Object.fromEntries(activityCalls(calls).at(-1)?.search ?? []);
/** The events listed (the list's own items, not those of the changes listed under each). */
const items = () =>
  Array.from(screen.getByRole('list', { name: 'Staff actions, newest first' }).children) as HTMLElement[];
const location = () => screen.getByTestId('location').textContent;

/** The activity API over a fixed list, newest first: filtered by actor and kind, in pages. */
function activityApi(all: ActivityEvent[]) {
  return (call: ApiCall) => {
    if (call.method !== 'GET' || call.path !== '/api/admin/activity') return undefined;
    const actor = call.search.get('actor');
    const kind = call.search.get('kind');
    const page = Number(call.search.get('page'));
    const limit = Number(call.search.get('limit'));
    const events = all.filter(
      (event) => (!actor || event.actor._id === actor) && (!kind || event.kind === kind),
    );
    return { body: { events: events.slice((page - 1) * limit, page * limit) } };
  };
}

const sample = () => [
  activityEvent({ date: '2024-06-17T14:05:00.000Z' }),
  activityEvent({
    actor: BEN,
    kind: 'order.refund',
    subject: { type: 'order', id: ORDER_ID },
    before: { orderNumber: 12, state: 'aprobed', refunded: false },
    after: { orderNumber: 12, state: 'cancelled', refunded: true, amount: 200 },
    date: '2024-06-16T09:00:00.000Z',
  }),
  activityEvent({
    kind: 'review.delete',
    subject: { type: 'review', id: 'f0f0f0f0-0000-4000-8000-000000000009' },
    before: { product: PRODUCT_ID, user: SHOPPER_ID, rating: 2, description: 'Fell apart in a week.' },
    after: null,
    date: '2024-06-15T08:00:00.000Z',
  }),
  activityEvent({
    actor: BEN,
    kind: 'user.suspend',
    subject: { type: 'user', id: SHOPPER_ID },
    before: { status: true },
    after: { status: false },
    date: '2024-06-14T08:00:00.000Z',
  }),
];

describe('Activity tab', () => {
  it('lists the staff actions newest first: when, who, what, the changes and a link to the subject', async () => {
    const events = sample();
    const { calls } = renderActivity('/account/activity', activityApi(events));
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(screen.getByRole('heading', { level: 2, name: 'Activity' })).toBeInTheDocument();
    expect(lastQuery(calls)).toEqual({ page: '1', limit: String(ACTIVITY_PAGE_SIZE) });

    const [update, refund, review, suspend] = items() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    const time = update.querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2024-06-17T14:05:00.000Z');
    expect(time?.textContent).toMatch(/2024/);
    expect(time?.textContent).not.toContain('T14');
    expect(update).toHaveTextContent('Product changed');
    expect(update).toHaveTextContent(
      `ana_admin (ana@shop.test) changed the price of product ${PRODUCT_ID.slice(0, 8)}`,
    );
    expect(within(update).getByRole('link', { name: `product ${PRODUCT_ID.slice(0, 8)}` })).toHaveAttribute(
      'href',
      `/home/${PRODUCT_ID}`,
    );
    expect(within(update).getByRole('list', { name: 'Changes' })).toHaveTextContent(
      'price: $120.00 → $99.00',
    );

    expect(refund).toHaveTextContent(`ben_admin (ben@shop.test) refunded order #12 ($200.00)`);
    expect(within(refund).getByRole('link', { name: 'order #12' })).toHaveAttribute(
      'href',
      `/account/orders?order=${ORDER_ID}`,
    );
    expect(within(refund).queryByRole('list', { name: 'Changes' })).not.toBeInTheDocument();

    expect(review).toHaveTextContent(`deleted a 2-star review of product ${PRODUCT_ID.slice(0, 8)}`);
    expect(review).toHaveTextContent('“Fell apart in a week.”');

    expect(suspend).toHaveTextContent(`ben_admin (ben@shop.test) suspended user ${SHOPPER_ID.slice(0, 8)}`);
    expect(within(suspend).queryByRole('link', { name: /user/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(refund).getByRole('link', { name: 'order #12' }));
    expect(await screen.findByText('Orders tab')).toBeInTheDocument();
    expect(location()).toBe(`/account/orders?order=${ORDER_ID}`);
  });

  it('filters by kind, in the address too, back to all actions', async () => {
    const { calls } = renderActivity('/account/activity', activityApi(sample()));
    await waitFor(() => expect(items()).toHaveLength(4));
    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: 'Kind of action' });
    expect(within(select).getByRole('option', { name: 'All actions' })).toBeInTheDocument();
    // Every kind of action, after "All actions".
    expect(within(select).getAllByRole('option')).toHaveLength(AUDIT_KINDS.length + 1);

    await user.selectOptions(select, 'Order refunded');
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(lastQuery(calls)).toMatchObject({ kind: 'order.refund', page: '1' });
    expect(location()).toBe('/account/activity?kind=order.refund');
    expect(select).toHaveValue('order.refund');

    await user.selectOptions(select, 'All actions');
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(lastQuery(calls).kind).toBeUndefined();
    expect(location()).toBe('/account/activity');
  });

  it('finds a staff member by name or e-mail, offers only admins, filters by them and back to everyone', async () => {
    const { calls } = renderActivity('/account/activity', (call) => {
      if (call.path === '/api/users') {
        const search = JSON.parse(call.search.get('orderSearch') ?? '{}').search;
        const users =
          search === 'ana'
            ? [
                adminUser(ANA, 'ana_admin', 'ana@shop.test', 'admin'),
                adminUser(SHOPPER_ID, 'anastasia', 'anastasia@mail.test', 'user'),
              ]
            : [adminUser(SHOPPER_ID, 'zed', 'zed@mail.test', 'user')];
        return { body: users };
      }
      return activityApi(sample())(call);
    });
    await waitFor(() => expect(items()).toHaveLength(4));
    const user = userEvent.setup();
    const staff = screen.getByRole('group', { name: 'Staff member' });
    const field = within(staff).getByRole('searchbox', { name: 'Find a staff member by username or e-mail' });

    await user.type(field, 'zed');
    await user.click(within(staff).getByRole('button', { name: 'Find' }));
    expect(
      await within(staff).findByText('No staff member matches “zed” (one user does, not staff).'),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'ana{Enter}');
    const found = await within(staff).findByRole('list', { name: 'Staff members found' });
    const usersCall = calls.filter((call) => call.path === '/api/users').at(-1);
    expect(JSON.parse(usersCall?.search.get('orderSearch') ?? '')).toEqual({
      search: 'ana',
      orderBy: { username: 1 },
    });
    expect(usersCall?.search.get('limit')).toBe('100');
    expect(
      within(found)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['ana_adminana@shop.test']);

    await user.click(within(found).getByRole('button', { name: /ana_admin/ }));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(lastQuery(calls)).toMatchObject({ actor: ANA, page: '1' });
    expect(location()).toBe(`/account/activity?actor=${ANA}`);
    expect(staff).toHaveTextContent('ana_admin');
    expect(staff).toHaveTextContent('ana@shop.test');
    const everyone = within(staff).getByRole('button', { name: 'Show everyone' });
    expect(everyone).toHaveFocus();

    await user.click(everyone);
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(lastQuery(calls).actor).toBeUndefined();
    expect(location()).toBe('/account/activity');
  });

  it('filters by a staff member from their name in the list, and names them when the address says who', async () => {
    const { calls } = renderActivity('/account/activity?kind=user.suspend', activityApi(sample()));
    await waitFor(() => expect(items()).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'ben_admin: show only their actions' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ actor: BEN, kind: 'user.suspend' }));
    expect(location()).toBe(`/account/activity?kind=user.suspend&actor=${BEN}`);
    const staff = screen.getByRole('group', { name: 'Staff member' });
    await waitFor(() => expect(staff).toHaveTextContent('ben_admin'));
    // Filtered by one person, their name is no longer a filter link.
    expect(screen.queryByRole('link', { name: /show only their actions/ })).not.toBeInTheDocument();
  });

  it('pages with Previous and Next; a page shorter than the limit is the last', async () => {
    const all = Array.from({ length: ACTIVITY_PAGE_SIZE + 3 }, (_, index) =>
      activityEvent({ before: { price: index + 100 }, after: { price: index + 50 } }),
    );
    const { calls } = renderActivity('/account/activity?kind=product.update', activityApi(all));
    await waitFor(() => expect(items()).toHaveLength(ACTIVITY_PAGE_SIZE));
    const pages = screen.getByRole('navigation', { name: 'Activity pages' });
    expect(within(pages).getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(pages).toHaveTextContent('Page 1');
    const user = userEvent.setup();

    await user.click(within(pages).getByRole('link', { name: /Next/ }));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(lastQuery(calls)).toMatchObject({ page: '2', kind: 'product.update' });
    expect(location()).toBe('/account/activity?kind=product.update&page=2');
    expect(within(pages).getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(pages).toHaveTextContent('Page 2');
    expect(items()[0]).toHaveTextContent('price: $120.00 → $70.00');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Activity' })).toHaveFocus());

    await user.click(within(pages).getByRole('link', { name: /Previous/ }));
    await waitFor(() => expect(items()).toHaveLength(ACTIVITY_PAGE_SIZE));
    expect(location()).toBe('/account/activity?kind=product.update');

    // Another filter starts again on the first page.
    await user.click(within(pages).getByRole('link', { name: /Next/ }));
    await waitFor(() => expect(location()).toContain('page=2'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of action' }), 'Product added');
    await waitFor(() => expect(location()).toBe('/account/activity?kind=product.create'));
    expect(lastQuery(calls)).toMatchObject({ page: '1', kind: 'product.create' });
  });

  it('hides the pager when everything fits on one page', async () => {
    renderActivity('/account/activity', activityApi(sample()));
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(screen.queryByRole('navigation', { name: 'Activity pages' })).not.toBeInTheDocument();
  });

  it('says when there is no activity at all, none that matches, or no more', async () => {
    const first = renderActivity('/account/activity', activityApi([]));
    expect(await screen.findByText(NO_ACTIVITY_TEXT)).toBeInTheDocument();
    first.unmount();

    const second = renderActivity('/account/activity?kind=user.delete', activityApi(sample()));
    expect(await screen.findByText(NO_MATCH_TEXT)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all activity' }));
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(lastQuery(second.calls).kind).toBeUndefined();
    second.unmount();

    renderActivity('/account/activity?page=9', activityApi(sample()));
    expect(await screen.findByText(NO_MORE_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the first page' })).toHaveAttribute(
      'href',
      '/account/activity',
    );
  });

  it('ignores filters the address cannot mean', async () => {
    const { calls } = renderActivity(
      '/account/activity?kind=product.explode&actor=not-an-id&page=-2',
      activityApi(sample()),
    );
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(lastQuery(calls)).toEqual({ page: '1', limit: String(ACTIVITY_PAGE_SIZE) });
    expect(screen.getByRole('combobox', { name: 'Kind of action' })).toHaveValue('');
  });

  it('shows a spinner while loading, and an error with a retry', async () => {
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const events = sample();
    renderActivity('/account/activity', async (call) => {
      if (call.path !== '/api/admin/activity') return undefined;
      await gate;
      if (fail) return { status: 403, body: errorBody('FORBIDDEN', 'Admins only') };
      return activityApi(events)(call);
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the staff activity');
    release();
    await retryFailedLoad('We could not load the staff activity: Admins only', () => {
      fail = false;
    });
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
