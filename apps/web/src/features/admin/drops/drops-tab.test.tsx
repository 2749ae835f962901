import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '../../../lib/dates';
import { NO_DROPS_TEXT } from './drops-tab';
import {
  DRAW_ID,
  DUNK,
  dropFixture,
  errorBody,
  QUEUE_ID,
  queueDropFixture,
  renderDrops,
} from './drops-test-utils';

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** What a `datetime-local` value means in the browser's zone, as the API receives it. */
const utc = (local: string) => new Date(local).toISOString();

describe('Drops tab: the list', () => {
  it('lists each drop with its product, mode, state, release time in the local zone and entrants', async () => {
    const draw = dropFixture();
    const queue = queueDropFixture({ room: { joined: 40, admitted: 30, bought: 28, holding: 2 } });
    renderDrops('/account/drops', (call) =>
      call.path === '/api/admin/drops' ? { body: { drops: [queue, draw] } } : undefined,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Drops' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Air Jordan 1');
    expect(first).toHaveTextContent('First come');
    expect(first).toHaveTextContent('Scheduled');
    expect(first).toHaveTextContent(formatInstant(queue.releaseAt));
    expect(first).toHaveTextContent('40 joined');
    expect(within(first).getByRole('link', { name: 'Edit the drop of Air Jordan 1' })).toHaveAttribute(
      'href',
      `/account/drops?edit=${QUEUE_ID}`,
    );
    expect(second).toHaveTextContent('Draw');
    expect(second).toHaveTextContent('Entry open');
    expect(second).toHaveTextContent('23');
    // Started: viewed, no longer edited.
    expect(within(second).queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'View the drop of Dunk Low Panda' })).toHaveAttribute(
      'href',
      `/account/drops?drop=${DRAW_ID}`,
    );
    // The time carries its zone's name.
    expect(formatInstant(draw.releaseAt)).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M \S+/);
  });

  it('says so when there are no drops, with New drop at hand', async () => {
    renderDrops('/account/drops', (call) =>
      call.path === '/api/admin/drops' ? { body: { drops: [] } } : undefined,
    );
    expect(await screen.findByText(NO_DROPS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New drop' })).toHaveAttribute('href', '/account/drops?new');
  });

  it('takes the reader back to the list heading from a drop', async () => {
    renderDrops(`/account/drops?drop=${DRAW_ID}`, (call) => {
      if (call.path === '/api/admin/drops') return { body: { drops: [dropFixture()] } };
      if (call.path === `/api/drops/${DRAW_ID}`) return { body: dropFixture() };
      if (call.path.endsWith('/entries')) return { body: { entries: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Back to the drops/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Drops' })).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/account\/drops$/);
  });
});

describe('Drops tab: scheduling a drop', () => {
  it('sends a draw with its times in UTC and opens the saved drop', async () => {
    const saved = dropFixture({ state: 'scheduled' });
    const { calls } = renderDrops('/account/drops?new', (call) => {
      if (call.method === 'POST' && call.path === '/api/drops') return { status: 201, body: saved };
      if (call.path === `/api/drops/${DRAW_ID}`) return { body: saved };
      if (call.path === `/api/drops/${DRAW_ID}/entries`) return { body: { entries: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'New drop' })).toHaveFocus();
    await user.click(await screen.findByLabelText(/Dunk Low Panda/));
    fireEvent.change(screen.getByLabelText(`Release (${zone} time)`), {
      target: { value: '2027-01-31T18:00' },
    });
    fireEvent.change(screen.getByLabelText(`Entry closes (${zone} time)`), {
      target: { value: '2027-01-31T12:00' },
    });
    expect(screen.getByLabelText('Purchase window (minutes)')).toHaveValue('30');
    expect(screen.getByLabelText('Limit per person (pairs)')).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: 'Schedule the drop' }));

    expect(await screen.findByText('The drop of Dunk Low Panda is scheduled.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/account/drops?drop=${DRAW_ID}`);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      productId: DUNK,
      mode: 'draw',
      releaseAt: utc('2027-01-31T18:00'),
      entryClosesAt: utc('2027-01-31T12:00'),
      purchaseWindowMinutes: 30,
      perPersonLimit: 1,
    });
  });

  it('sends a first-come drop with its pre-queue and admission rate, and no entry times', async () => {
    const saved = queueDropFixture();
    const { calls } = renderDrops('/account/drops?new', (call) => {
      if (call.method === 'POST') return { status: 201, body: saved };
      if (call.path === `/api/drops/${QUEUE_ID}`) return { body: saved };
      if (call.path.endsWith('/entries')) return { body: { entries: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Air Jordan 1/));
    await user.click(screen.getByRole('radio', { name: 'First come' }));
    expect(screen.queryByLabelText(/Entry opens/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Pre-queue (minutes before the release)')).toHaveValue('15');
    fireEvent.change(screen.getByLabelText(`Release (${zone} time)`), {
      target: { value: '2027-02-10T09:00' },
    });
    await user.type(screen.getByLabelText('Admission per minute'), '50');
    await user.click(screen.getByRole('button', { name: 'Schedule the drop' }));
    expect(await screen.findByText('The drop of Air Jordan 1 is scheduled.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      productId: saved.product.id,
      mode: 'queue',
      releaseAt: utc('2027-02-10T09:00'),
      preQueueMinutes: 15,
      admissionPerMinute: 50,
      perPersonLimit: 1,
    });
  });

  it('asks for the product and the release before sending anything', async () => {
    const { calls } = renderDrops('/account/drops?new', () => undefined);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New drop' });
    await user.click(screen.getByRole('button', { name: 'Schedule the drop' }));
    expect(screen.getByRole('searchbox', { name: 'Find a product by name' })).toHaveFocus();
    expect(screen.getByText(/Product is not chosen yet/)).toBeInTheDocument();
    expect(screen.getByLabelText(`Release (${zone} time)`)).toHaveAccessibleDescription(
      expect.stringContaining('Release is required'),
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's reasons beside their fields only, focusing the first", async () => {
    renderDrops('/account/drops?new', (call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: errorBody('VALIDATION_ERROR', 'Invalid body: productId already has a drop', {
              productId: 'already has a drop',
              releaseAt: 'must be in the future',
            }),
          }
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Dunk Low Panda/));
    fireEvent.change(screen.getByLabelText(`Release (${zone} time)`), {
      target: { value: '2020-01-31T18:00' },
    });
    await user.click(screen.getByRole('button', { name: 'Schedule the drop' }));

    const search = screen.getByRole('searchbox', { name: 'Find a product by name' });
    await waitFor(() => expect(search).toHaveFocus());
    expect(search).toHaveAccessibleDescription(expect.stringContaining('Product already has a drop'));
    const release = screen.getByLabelText(`Release (${zone} time)`);
    expect(release).toHaveAttribute('aria-invalid', 'true');
    expect(release).toHaveAccessibleDescription(expect.stringContaining('Release must be in the future'));
    // No raw summary of the same reasons beside them.
    expect(screen.queryByText(/Invalid body/)).not.toBeInTheDocument();
  });
});

describe('Drops tab: changing a drop', () => {
  it('starts from the drop and sends the change with PUT', async () => {
    const drop = queueDropFixture();
    const { calls } = renderDrops(`/account/drops?edit=${QUEUE_ID}`, (call) => {
      if (call.method === 'PUT') return { body: { ...drop, perPersonLimit: 2 } };
      if (call.path === `/api/drops/${QUEUE_ID}`) return { body: drop };
      if (call.path.endsWith('/entries')) return { body: { entries: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    const limit = await screen.findByLabelText('Limit per person (pairs)');
    expect(screen.getByLabelText('Pre-queue (minutes before the release)')).toHaveValue('15');
    expect(screen.getByLabelText('Admission per minute')).toHaveValue('50');
    expect(screen.getByRole('radio', { name: /Air Jordan 1/ })).toBeChecked();
    await user.clear(limit);
    await user.type(limit, '2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The changes to the drop of Air Jordan 1 are saved.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/api/drops/${QUEUE_ID}`);
    expect(put?.body).toMatchObject({ productId: drop.product.id, mode: 'queue', perPersonLimit: 2 });
  });

  it('shows a started drop read-only, saying why', async () => {
    renderDrops(`/account/drops?edit=${DRAW_ID}`, (call) =>
      call.path === `/api/drops/${DRAW_ID}` ? { body: dropFixture({ state: 'entry_open' }) } : undefined,
    );
    expect(await screen.findByText('This drop can no longer be changed.')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('It has started: entry open.');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Limit per person (pairs)')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  it('turns read-only when the server refuses the change because the drop has started', async () => {
    const drop = dropFixture({ state: 'scheduled' });
    renderDrops(`/account/drops?edit=${DRAW_ID}`, (call) => {
      if (call.method === 'PUT') return { status: 409, body: errorBody('CONFLICT', 'The drop has started') };
      if (call.path === `/api/drops/${DRAW_ID}`) return { body: drop };
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('note')).toHaveTextContent('The drop has started');
    expect(screen.getByLabelText('Limit per person (pairs)')).toBeDisabled();
  });
});
