import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatInstant } from '../../../lib/dates';
import { DRAW_NOW_TITLE } from './draw-now';
import {
  COMMITMENT,
  DRAW_ID,
  dropFixture,
  entryFixture,
  errorBody,
  QUEUE_ID,
  queueDropFixture,
  renderDrops,
} from './drops-test-utils';
import { ENTRIES_PER_PAGE } from './use-entries-table';

afterEach(() => {
  vi.restoreAllMocks();
});

const entriesTable = () => screen.getByRole('table', { name: 'Entries' });
const entryRows = () => within(entriesTable()).getAllByRole('row').slice(1);

describe('Drop detail', () => {
  it('shows the times, the sizes with their entrants, the commitment and the public proof page', async () => {
    const drop = dropFixture();
    renderDrops(`/account/drops?drop=${DRAW_ID}`, (call) => {
      if (call.path === `/api/drops/${DRAW_ID}`) return { body: drop };
      if (call.path.endsWith('/entries')) return { body: { entries: [] } };
      return undefined;
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Drop detail' })).toHaveFocus();
    expect(await screen.findByText('Dunk Low Panda')).toBeInTheDocument();
    expect(screen.getByText(formatInstant(drop.releaseAt))).toBeInTheDocument();
    expect(screen.getByText(formatInstant(drop.entryClosesAt))).toBeInTheDocument();
    const sizes = within(screen.getByRole('table', { name: 'Pairs and entrants per size' })).getAllByRole(
      'row',
    );
    expect(sizes[1]).toHaveTextContent('9214');
    expect(screen.getByText(COMMITMENT)).toBeInTheDocument();
    expect(screen.getByText('Revealed once the draw has run.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Public proof page/ })).toHaveAttribute(
      'href',
      `/drops/${DRAW_ID}`,
    );
    // The entry is open: no edit, and no draw yet.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Draw now' })).toBeDisabled();
    expect(await screen.findByText('No entries yet.')).toBeInTheDocument();
  });

  it('draws now after asking, once the entry has closed, and shows the seed', async () => {
    let drop = dropFixture({ state: 'entry_closed' });
    const { calls } = renderDrops(`/account/drops?drop=${DRAW_ID}`, (call) => {
      if (call.method === 'POST' && call.path === `/api/drops/${DRAW_ID}/draw`) {
        drop = dropFixture({
          state: 'drawn',
          drawnAt: '2027-01-31T12:00:05.000Z',
          seed: 'f00d'.repeat(16),
          winners: { '9': ['e1', 'e2'], '10': ['e3'] },
        });
        return { body: drop };
      }
      if (call.path === `/api/drops/${DRAW_ID}`) return { body: drop };
      if (call.path.endsWith('/entries')) return { body: { entries: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Draw now' }));
    const dialog = await screen.findByRole('dialog', { name: DRAW_NOW_TITLE });
    expect(dialog).toHaveTextContent('among 23 entries');
    await user.click(within(dialog).getByRole('button', { name: 'Draw now' }));

    const drawnText = await screen.findByText(/Drawn: the winners were picked/);
    await waitFor(() => expect(drawnText.closest('.admin-drops__done')).toHaveFocus());
    expect(calls.filter((call) => call.path.endsWith('/draw'))).toHaveLength(1);
    expect(await screen.findByText('f00d'.repeat(16))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Draw now' })).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's reason when the draw is refused", async () => {
    renderDrops(`/account/drops?drop=${DRAW_ID}`, (call) => {
      if (call.path.endsWith('/draw'))
        return { status: 409, body: errorBody('CONFLICT', 'The drop is already drawn') };
      if (call.path === `/api/drops/${DRAW_ID}`) return { body: dropFixture({ state: 'entry_closed' }) };
      if (call.path.endsWith('/entries')) return { body: { entries: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Draw now' }));
    const dialog = await screen.findByRole('dialog', { name: DRAW_NOW_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Draw now' }));
    expect(await within(dialog).findByText('The drop is already drawn')).toBeInTheDocument();
  });

  it('lists the entries with entrant, size, status, rank, hold and payment, filtered by status, a page at a time', async () => {
    const winner = entryFixture({
      status: 'won',
      rank: 1,
      holdUntil: '2027-01-31T18:30:00.000Z',
      user: { id: 'u-ana', username: 'ana_runs', email: 'ana@shop.test' },
    });
    const buyer = entryFixture({ status: 'bought', rank: 2, paid: true, size: '10' });
    const others = Array.from({ length: ENTRIES_PER_PAGE + 3 }, () => entryFixture({ status: 'lapsed' }));
    renderDrops(`/account/drops?drop=${DRAW_ID}`, (call) => {
      if (call.path === `/api/drops/${DRAW_ID}`) return { body: dropFixture({ state: 'drawn' }) };
      if (call.path === `/api/drops/${DRAW_ID}/entries`)
        return { body: { entries: [winner, buyer, ...others] } };
      return undefined;
    });
    const user = userEvent.setup();
    await waitFor(() => expect(entryRows()).toHaveLength(ENTRIES_PER_PAGE));
    const first = entryRows()[0] as HTMLElement;
    expect(within(first).getByRole('rowheader')).toHaveTextContent(winner.id.slice(0, 8));
    expect(first).toHaveTextContent('ana_runs');
    expect(first).toHaveTextContent('ana@shop.test');
    expect(first).toHaveTextContent('Won');
    expect(first).toHaveTextContent(formatInstant(winner.holdUntil));
    expect(first).toHaveTextContent('No');
    expect(screen.getByText('30 entries')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(entryRows()).toHaveLength(5);

    await user.selectOptions(screen.getByLabelText('Status'), 'bought');
    expect(entryRows()).toHaveLength(1);
    expect(entryRows()[0]).toHaveTextContent('Yes');
    expect(screen.getByText('1 of 30 entries')).toBeInTheDocument();
  });

  it('exports the entries as CSV: the same address asked with Accept text/csv, saved as a file', async () => {
    const { fetchMock } = renderDrops(`/account/drops?drop=${DRAW_ID}`, (call) => {
      if (call.path === `/api/drops/${DRAW_ID}`) return { body: dropFixture() };
      if (call.path.endsWith('/entries')) return { body: { entries: [] } };
      return undefined;
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:entries');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await screen.findByText('No entries yet.');
    fetchMock.mockImplementationOnce(
      async () =>
        new Response('entry,user,size\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="drop-entries.csv"',
          },
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Export entries (CSV)' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
    expect(url).toBe(`/api/drops/${DRAW_ID}/entries`);
    expect(init.headers).toEqual({ Accept: 'text/csv' });
    expect(createObjectURL.mock.calls[0]?.[0].type).toBe('text/csv');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('drop-entries.csv');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:entries');
  });

  it("shows a first-come drop's waiting room in figures, and no draw entries", async () => {
    const room = { joined: 5000, admitted: 240, bought: 200, holding: 12 };
    renderDrops(`/account/drops?drop=${QUEUE_ID}`, (call) =>
      call.path === `/api/drops/${QUEUE_ID}`
        ? { body: queueDropFixture({ state: 'finished', room }) }
        : undefined,
    );
    const panel = await screen.findByRole('region', { name: 'Waiting room' });
    const figure = (term: string) => within(panel).getByText(term).nextElementSibling;
    expect(figure('Joined the waiting room')).toHaveTextContent('5000 shoppers');
    expect(figure('Admitted')).toHaveTextContent('240 shoppers');
    expect(figure('Bought')).toHaveTextContent('200 shoppers');
    expect(figure('Holding a turn now')).toHaveTextContent('12 shoppers');
    expect(screen.queryByText('No entries yet')).not.toBeInTheDocument();
    // Edit is offered before the release; a first-come drop has no draw and no entries to export.
    expect(screen.queryByRole('button', { name: 'Draw now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export entries (CSV)' })).not.toBeInTheDocument();
  });

  it('says why when the export is refused', async () => {
    const { fetchMock } = renderDrops(`/account/drops?drop=${DRAW_ID}`, (call) => {
      if (call.path === `/api/drops/${DRAW_ID}`) return { body: dropFixture() };
      if (call.path.endsWith('/entries')) return { body: { entries: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    await screen.findByText('No entries yet.');
    fetchMock.mockImplementationOnce(
      async () => new Response(JSON.stringify(errorBody('FORBIDDEN', 'Staff only')), { status: 403 }),
    );
    await user.click(screen.getByRole('button', { name: 'Export entries (CSV)' }));
    expect(await screen.findByText('The entries were not exported: Staff only')).toBeInTheDocument();
  });
});
