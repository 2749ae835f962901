import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DUNK,
  errorBody,
  listOf,
  promotionFixture,
  renderPromotions,
  SPRING_ID,
  shipFixture,
} from './promotions-test-utils';

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** What a `datetime-local` value means in the browser's zone, as the API receives it. */
const utc = (local: string) => new Date(local).toISOString();
const location = () => screen.getByTestId('location');

describe('Promotions: creating a code', () => {
  it('sends the code with its times in UTC and its eligibility, then lists it with a notice', async () => {
    const saved = promotionFixture({ code: 'SPRING20' });
    const { calls } = renderPromotions('/account/promotions/new', (call) => {
      if (call.method === 'POST' && call.path === '/api/promotions') return { status: 201, body: saved };
      if (call.path === '/api/promotions') return { body: listOf([saved]) };
      return undefined;
    });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 2, name: 'New promotion' })).toHaveFocus();
    await user.type(screen.getByLabelText('Code'), 'SPRING20');
    await user.type(screen.getByLabelText('Percentage off (%)'), '20');
    await user.type(screen.getByLabelText('Minimum order ($)'), '50');
    await user.type(screen.getByLabelText(`Starts (${zone} time)`), '2027-03-01T10:00');
    await user.type(screen.getByLabelText('Total uses'), '100');
    await user.click(screen.getByLabelText('Only some products'));
    await user.click(await screen.findByRole('checkbox', { name: 'Dunk Low Panda' }));
    await user.click(screen.getByRole('checkbox', { name: 'Adidas' }));
    await user.click(screen.getByLabelText('Applies to drops'));
    await user.click(screen.getByRole('button', { name: 'Create the promotion' }));

    await waitFor(() => expect(location()).toHaveTextContent(/^\/account\/promotions$/));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      code: 'SPRING20',
      kind: 'percent',
      value: 20,
      minOrder: 50,
      startsAt: utc('2027-03-01T10:00'),
      endsAt: null,
      totalUses: 100,
      usesPerCustomer: null,
      eligible: { productIds: [DUNK], brands: ['adidas'], categories: [] },
      appliesToDrops: true,
    });
    expect(await screen.findByText('The promotion SPRING20 is created.')).toBeInTheDocument();
  });

  it('hides the value for free shipping and checks the fields with the contract’s words before sending', async () => {
    const { calls } = renderPromotions('/account/promotions/new', () => undefined);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), 'x!');
    await user.type(screen.getByLabelText(`Starts (${zone} time)`), '2027-03-10T10:00');
    await user.type(screen.getByLabelText(`Ends (${zone} time)`), '2027-03-01T10:00');
    await user.type(screen.getByLabelText('Uses per customer'), '0');
    await user.click(screen.getByLabelText('Only some products'));
    await user.click(screen.getByRole('button', { name: 'Create the promotion' }));

    const code = screen.getByLabelText('Code');
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription(/Code must be 3 to 32 letters, digits, dashes or underscores/);
    expect(screen.getByLabelText('Percentage off (%)')).toHaveAccessibleDescription(
      'Percentage off is required: a whole percentage from 1 to 100',
    );
    expect(screen.getByLabelText(`Ends (${zone} time)`)).toHaveAccessibleDescription(
      /Ends must be after startsAt/,
    );
    expect(screen.getByLabelText('Uses per customer')).toHaveAccessibleDescription(
      /Uses per customer must be at least 1/,
    );
    expect(screen.getByRole('group', { name: 'Eligible products' })).toHaveAccessibleDescription(
      /must name at least one product, brand or category/,
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByLabelText('Free shipping'));
    expect(screen.queryByLabelText('Percentage off (%)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Amount off ($)')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Amount off'));
    expect(screen.getByLabelText('Amount off ($)')).toBeInTheDocument();
  });

  it('shows the server’s reasons beside their fields and its message above the buttons', async () => {
    renderPromotions('/account/promotions/new', (call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: errorBody('CONFLICT', 'That code is taken.', {
              code: 'is already used by another promotion',
            }),
          }
        : undefined,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), 'SPRING20');
    await user.click(screen.getByLabelText('Free shipping'));
    await user.click(screen.getByRole('button', { name: 'Create the promotion' }));
    const code = screen.getByLabelText('Code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(/Code is already used by another promotion/);
    expect(screen.getByRole('alert')).toHaveTextContent('That code is taken.');
  });
});

describe('Promotions: changing a code', () => {
  it('opens a listed code with its values, and pauses it', async () => {
    let current = promotionFixture({ startsAt: null });
    const { calls } = renderPromotions(`/account/promotions/${SPRING_ID}`, (call) => {
      if (call.method === 'PUT' && call.path === `/api/promotions/${SPRING_ID}`) {
        const body = call.body as { status: 'paused' };
        current = {
          ...current,
          status: body.status,
          state: body.status,
          updatedAt: '2027-02-21T10:00:00.000Z',
        };
        return { body: current };
      }
      if (call.path === `/api/promotions/${SPRING_ID}`) return { body: current };
      if (call.path === '/api/promotions') return { body: listOf([shipFixture(), current]) };
      return undefined;
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'Promotion SPRING20' })).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveValue('SPRING20');
    expect(screen.getByLabelText('Percentage off (%)')).toHaveValue('20');
    expect(screen.getByLabelText(`Starts (${zone} time)`)).toHaveValue('');
    const status = screen.getByRole('region', { name: 'Status' });
    expect(status).toHaveTextContent('12 of 100');
    expect(status).toHaveTextContent('Active');
    expect(within(status).queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();

    await user.click(within(status).getByRole('button', { name: 'Pause' }));
    expect(await within(status).findByRole('status')).toHaveTextContent(
      'SPRING20 is paused: shoppers cannot use it for now.',
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'paused' });
    // The button stays where it was, its words changed, the focus on it.
    expect(within(status).getByRole('button', { name: 'Resume' })).toHaveFocus();
    expect(status).toHaveTextContent('Paused');
  });

  it('archives a code, after which it has no buttons, and says why a change was refused', async () => {
    let refuse = true;
    renderPromotions(`/account/promotions/${SPRING_ID}`, (call) => {
      if (call.method === 'PUT') {
        if (refuse) return { status: 500, body: errorBody('INTERNAL_ERROR', 'The database is asleep') };
        return { body: promotionFixture({ status: 'archived', state: 'archived' }) };
      }
      if (call.path === `/api/promotions/${SPRING_ID}`) return { body: promotionFixture() };
      if (call.path === '/api/promotions') return { body: listOf([promotionFixture()]) };
      return undefined;
    });
    const user = userEvent.setup();
    const status = await screen.findByRole('region', { name: 'Status' });
    await user.click(within(status).getByRole('button', { name: 'Archive' }));
    expect(await within(status).findByRole('alert')).toHaveTextContent(
      'SPRING20 was not changed: The database is asleep',
    );
    refuse = false;
    await user.click(within(status).getByRole('button', { name: 'Archive' }));
    expect(
      await within(status).findByText(/can no longer be used, and stays for the records/),
    ).toBeInTheDocument();
    expect(within(status).queryByRole('button')).toBeNull();
    expect(within(status).getByRole('status')).toHaveFocus();
  });

  it('sends the changed form with PUT and goes back to the list', async () => {
    const { calls } = renderPromotions(`/account/promotions/${SPRING_ID}`, (call) => {
      if (call.method === 'PUT') return { body: promotionFixture({ value: 25 }) };
      if (call.path === `/api/promotions/${SPRING_ID}`) return { body: promotionFixture() };
      if (call.path === '/api/promotions') return { body: listOf([promotionFixture()]) };
      return undefined;
    });
    const user = userEvent.setup();
    const value = await screen.findByLabelText('Percentage off (%)');
    await user.clear(value);
    await user.type(value, '25');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/account\/promotions$/));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ code: 'SPRING20', value: 25 });
    expect(await screen.findByText('The changes to SPRING20 are saved.')).toBeInTheDocument();
  });
});
