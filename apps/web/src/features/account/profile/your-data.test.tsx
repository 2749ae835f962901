import type { DataExportStatus } from '@shop/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_ALERT_TITLE } from '../../../components/alert-error';
import { formatInstant } from '../../../lib/dates';
import { type AccountApiHandler, errorBody, renderAccount } from '../account-test-utils';
import { DATA_EXPORT_POLL_MS } from '../api/get-data-export';
import { EXPIRED_TEXT, FAILED_TEXT, PREPARING_TEXT } from './your-data';

const EXPORT_ID = '5b0c7a3e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
const URL_OF_ARCHIVE = `http://localhost:3000/api/account/export/${EXPORT_ID}/archive?token=${'t'.repeat(43)}`;
const EXPIRES_AT = '2027-01-31T18:00:00.000Z';

const card = () => screen.getByRole('region', { name: 'Your data' });
const ready = () => screen.findByRole('region', { name: 'Your data' });

/** The API of a copy: asked for (202), then its states one poll after the other (the last one stays). */
function copyApi(states: DataExportStatus[]): AccountApiHandler {
  let polls = 0;
  return (call) => {
    if (call.method === 'POST' && call.path === '/api/account/export')
      return { status: 202, body: { id: EXPORT_ID } };
    if (call.method === 'GET' && call.path === `/api/account/export/${EXPORT_ID}`) {
      const state = states[Math.min(polls, states.length - 1)];
      polls += 1;
      return { body: state };
    }
    return undefined;
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Your data', () => {
  it('sits above Delete my account', async () => {
    renderAccount('/account/profile');
    await ready();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf('Your data')).toBeGreaterThan(-1);
    expect(headings.indexOf('Your data')).toBe(headings.indexOf('Delete my account') - 1);
  });

  it('asks for a copy, says it is being prepared, follows it every 2 s, then offers the ZIP and until when', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = renderAccount(
      '/account/profile',
      copyApi([
        { state: 'preparing' },
        { state: 'preparing' },
        { state: 'ready', url: URL_OF_ARCHIVE, expiresAt: EXPIRES_AT },
      ]),
    );
    await ready();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(card()).getByRole('button', { name: 'Download my data' }));

    expect(await within(card()).findByText(PREPARING_TEXT)).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Download my data' })).toBeDisabled();
    const polls = () => view.calls.filter((call) => call.path === `/api/account/export/${EXPORT_ID}`).length;
    await waitFor(() => expect(polls()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(DATA_EXPORT_POLL_MS));
    await waitFor(() => expect(polls()).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(DATA_EXPORT_POLL_MS));

    const link = await within(card()).findByRole('link', { name: 'Download (ZIP)' });
    expect(link).toHaveAttribute('href', URL_OF_ARCHIVE);
    const status = within(card()).getByRole('status');
    expect(status).toHaveTextContent(`valid until ${formatInstant(EXPIRES_AT)}`);
    expect(status).not.toHaveTextContent(PREPARING_TEXT);
    // Ready: nothing is asked any more.
    await act(() => vi.advanceTimersByTimeAsync(DATA_EXPORT_POLL_MS * 3));
    expect(polls()).toBe(3);
    expect(view.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(within(card()).getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('shows why a second copy within the hour is refused', async () => {
    const message =
      'A copy of your data was asked for less than an hour ago: one copy an hour. Try again in 42 minutes.';
    renderAccount('/account/profile', (call) =>
      call.method === 'POST' && call.path === '/api/account/export'
        ? { status: 429, body: errorBody('RATE_LIMITED', message) }
        : undefined,
    );
    await ready();
    const user = userEvent.setup();
    await user.click(within(card()).getByRole('button', { name: 'Download my data' }));
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent(message);
    expect(within(card()).queryByText(PREPARING_TEXT)).not.toBeInTheDocument();
  });

  it('says so when the copy failed, and lets the person ask again', async () => {
    renderAccount('/account/profile', copyApi([{ state: 'failed' }]));
    await ready();
    const user = userEvent.setup();
    await user.click(within(card()).getByRole('button', { name: 'Download my data' }));
    expect(await within(card()).findByText(FAILED_TEXT)).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('says the link expired', async () => {
    renderAccount('/account/profile', copyApi([{ state: 'expired' }]));
    await ready();
    const user = userEvent.setup();
    await user.click(within(card()).getByRole('button', { name: 'Download my data' }));
    expect(await within(card()).findByText(EXPIRED_TEXT)).toBeInTheDocument();
  });
});
