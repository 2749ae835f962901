import {
  ADMIN_PROFILE_FORMAT_MESSAGES,
  type CreditEntry,
  PASSWORD_MESSAGE,
  PROFILE_FORMAT_MESSAGES,
  profileUpdateSchema,
  SUCCESS_MESSAGE_MS,
  type UserDashboard,
} from '@shop/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_ALERT_TITLE } from '../../../components/alert-error';
import { SUCCESS_ALERT_TITLE } from '../../../components/alert-success';
import { FakeXhr } from '../../../test/fake-xhr';
import { dashboardFixture, ORDER_ID as ORDER } from '../../../test/fixtures';
import { mockLocationAssign } from '../../../test/mock-api';
import { errorBody, renderAccount, UID } from '../account-test-utils';
import { NOT_A_PICTURE_MESSAGE, TOO_LARGE_MESSAGE } from '../api/upload-avatar';
import { PASSWORD_CHANGED_MESSAGE } from './change-password';
import { DELETE_CONFIRM_TITLE } from './delete-account';
import { FORM_ERRORS_TITLE } from './profile-fields';
import { FIELD_HINTS, SAVED_MESSAGE } from './profile-form';

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const pencil = (label: string) => screen.getByRole('button', { name: `Edit ${label}` });
const ready = () => screen.findByRole('heading', { name: 'Your profile' });

type User = ReturnType<typeof userEvent.setup>;
/** Types a value into an open field in place of the one there. */
async function retype(user: User, label: string, value: string) {
  await user.clear(field(label));
  await user.type(field(label), value);
}
/** Opens a field with its pencil and types a new value into it. */
async function rewrite(user: User, label: string, value: string) {
  await user.click(pencil(label));
  await retype(user, label, value);
}
const save = (user: User) => user.click(screen.getByRole('button', { name: 'Save' }));

/** The contracts' own message for a refused value, so the test follows the rules wherever they change. */
function schemaMessage(values: Record<string, string>): string {
  const result = profileUpdateSchema.safeParse(values);
  if (result.success) throw new Error('expected the schema to refuse this');
  return result.error.issues[0]?.message ?? '';
}

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The API's profile update: stores what was sent and answers `[dashboard]`. */
function saving(stored: { current: UserDashboard }) {
  return (call: { method: string; path: string; body: unknown }) => {
    if (call.method === 'PUT' && call.path === `/api/users/update/${UID}`) {
      stored.current = { ...stored.current, ...(call.body as Partial<UserDashboard>) };
      return { body: [stored.current] };
    }
    return undefined;
  };
}

describe('Profile tab', () => {
  it('loads the profile with every field locked, the e-mail read-only and no Save', async () => {
    const { calls } = renderAccount('/account/profile');
    await ready();
    expect(calls.some((call) => call.path === `/api/users/dashboard/${UID}`)).toBe(true);
    expect(field('E-mail')).toHaveValue('demo@shop.test');
    expect(field('E-mail')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Edit E-mail' })).not.toBeInTheDocument();
    for (const [label, value] of [
      ['Username', 'demo_user'],
      ['Phone', '5551234567'],
      ['Address', '742 Evergreen Terrace'],
      ['City', 'Springfield'],
      ['State', 'Oregon'],
      ['Country', 'United States'],
    ] as const) {
      expect(field(label)).toHaveValue(value);
      expect(field(label)).toHaveAttribute('readonly');
    }
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  });

  it('unlocks a field with its pencil, shows Save once it changed, and Cancel reloads the stored profile', async () => {
    const view = renderAccount('/account/profile');
    await ready();
    const user = userEvent.setup();

    await user.click(pencil('City'));
    expect(field('City')).not.toHaveAttribute('readonly');
    expect(field('City')).toHaveFocus();
    expect(pencil('City')).toHaveAttribute('aria-pressed', 'true');
    expect(field('State')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.clear(field('City'));
    await user.type(field('City'), 'Shelbyville');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();

    // Meanwhile the stored profile changed elsewhere: Cancel shows what is stored now.
    view.stored.current = { ...view.stored.current, city: 'Capital City' };
    const before = view.calls.length;
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(field('City')).toHaveValue('Capital City'));
    expect(view.calls.slice(before).some((call) => call.path === `/api/users/dashboard/${UID}`)).toBe(true);
    expect(field('City')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(view.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("saves only what changed, shows 'Data successfully set!' for 5 seconds, then the form resets", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = renderAccount('/account/profile', (call, stored) => saving(stored)(call));
    await ready();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    await rewrite(user, 'Phone', '+54 11 5555 1234');
    await save(user);

    const put = await waitFor(() => {
      const call = view.calls.find((c) => c.method === 'PUT');
      if (!call) throw new Error('no PUT yet');
      return call;
    });
    // Only the changed field, cleaned by the contracts' schema (spaces out of the phone).
    expect(put.body).toEqual({ phone: '+541155551234' });

    const message = await screen.findByText(SAVED_MESSAGE);
    const alert = message.closest('[role="status"]') as HTMLElement;
    expect(within(alert).getByText(SUCCESS_ALERT_TITLE)).toBeInTheDocument();
    expect(field('Phone')).toHaveValue('+541155551234');
    expect(field('Phone')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(SUCCESS_MESSAGE_MS - 100));
    expect(screen.getByText(SAVED_MESSAGE)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText(SAVED_MESSAGE)).not.toBeInTheDocument();
    expect(field('Phone')).toHaveValue('+541155551234');
    for (const label of ['Username', 'Phone', 'Address', 'City', 'State', 'Country'])
      expect(field(label)).toHaveAttribute('readonly');
  });

  it("refuses what the contracts' schema refuses: the message under the field and an alert naming the fields", async () => {
    const view = renderAccount('/account/profile');
    await ready();
    const user = userEvent.setup();

    await rewrite(user, 'Phone', '12');
    await rewrite(user, 'City', 'Spring<field>');
    await save(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent(`${FORM_ERRORS_TITLE} PHONE, CITY`);
    expect(field('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(new RegExp(escapeRegExp(schemaMessage({ phone: '12' }))))).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(escapeRegExp(schemaMessage({ city: 'Spring<field>' })))),
    ).toBeInTheDocument();
    expect(view.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("words the admin's messages 'Nesesita' and names the fields in capitals on Save", async () => {
    const view = renderAccount('/account/profile', undefined, {
      role: 'admin',
      profile: { roles: ['admin'] },
    });
    await ready();
    const user = userEvent.setup();
    await rewrite(user, 'Phone', '12');
    await save(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${FORM_ERRORS_TITLE} PHONE`);
    expect(screen.getByText(ADMIN_PROFILE_FORMAT_MESSAGES.phone)).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_FORMAT_MESSAGES.phone)).not.toBeInTheDocument();
    expect(view.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("keeps the sign-up rule for the admin's username (decision 26), states it, and saves a name that follows it", async () => {
    const view = renderAccount('/account/profile', (call, stored) => saving(stored)(call), {
      role: 'admin',
      profile: { roles: ['admin'], username: 'admin' },
    });
    await ready();
    const user = userEvent.setup();
    expect(field('Username')).toHaveAccessibleDescription(FIELD_HINTS.username);
    await rewrite(user, 'Username', 'Ana Lopez');
    await save(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(`${FORM_ERRORS_TITLE} USERNAME`);
    expect(field('Username')).toHaveAccessibleDescription(
      `${FIELD_HINTS.username} ${ADMIN_PROFILE_FORMAT_MESSAGES.username}`,
    );
    expect(view.calls.some((call) => call.method === 'PUT')).toBe(false);

    await retype(user, 'Username', 'Ana_Lopez');
    await save(user);
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(view.calls.find((call) => call.method === 'PUT')?.body).toEqual({ username: 'Ana_Lopez' });
  });

  it('does not hold a save back for a field the user never touched', async () => {
    const view = renderAccount('/account/profile', (call, stored) => saving(stored)(call), {
      profile: { phone: '', address: '', city: '', state: '', country: '' },
    });
    await ready();
    const user = userEvent.setup();
    await rewrite(user, 'Username', 'sneakerhead');
    await save(user);
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(view.calls.find((call) => call.method === 'PUT')?.body).toEqual({ username: 'sneakerhead' });
  });

  it("marks the fields the API refused and names them in the spec's red alert", async () => {
    renderAccount('/account/profile', (call) =>
      call.method === 'PUT'
        ? {
            status: 400,
            body: errorBody('USERNAME_TAKEN', 'This username is taken', { username: 'is already taken' }),
          }
        : undefined,
    );
    await ready();
    const user = userEvent.setup();
    await rewrite(user, 'Username', 'someone');
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(`${FORM_ERRORS_TITLE} USERNAME`);
    expect(screen.getByText('Username is already taken')).toBeInTheDocument();
    expect(screen.queryByText(SAVED_MESSAGE)).not.toBeInTheDocument();
  });

  it('checks the postal code against the country before sending it', async () => {
    const { calls } = renderAccount('/account/profile', undefined, {
      profile: { country: 'Germany', postalCode: '10115' },
    });
    await ready();
    const user = userEvent.setup();
    await rewrite(user, 'Postal code', '1234');
    await save(user);
    expect(await screen.findByText('Postal code must be a postal code such as 10115')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`${FORM_ERRORS_TITLE} POSTAL CODE`);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows why a move is refused while entered in a draw, and withdraws the entry when asked', async () => {
    const reason = 'You are entered in a draw (Air Max) from this address, and the pair ships there';
    const sent: unknown[] = [];
    renderAccount('/account/profile', (call, stored) => {
      if (call.method !== 'PUT') return undefined;
      sent.push(call.body);
      if (!(call.body as { withdrawEntries?: boolean }).withdrawEntries)
        return {
          status: 409,
          body: errorBody('DROP_ENTRY_ADDRESS', reason, { address: 'is where your draw entry ships' }),
        };
      stored.current = { ...stored.current, address: '1 Elm Street' };
      return { body: [stored.current] };
    });
    await ready();
    const user = userEvent.setup();
    await rewrite(user, 'Address', '1 Elm Street');
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    await user.click(screen.getByRole('button', { name: 'Withdraw my entry and save' }));
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([{ address: '1 Elm Street' }, { address: '1 Elm Street', withdrawEntries: true }]);
  });

  it("shows the red alert with the server's reason when a save fails", async () => {
    renderAccount('/account/profile', (call) =>
      call.method === 'PUT'
        ? { status: 500, body: errorBody('INTERNAL_ERROR', 'The shop is down') }
        : undefined,
    );
    await ready();
    const user = userEvent.setup();
    await user.click(pencil('City'));
    await user.type(field('City'), 'x');
    await save(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent('The shop is down');
  });
});

describe('Profile picture', () => {
  const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;

  it('refuses a file that is not a picture, and one over 5 MB, without sending it', async () => {
    renderAccount('/account/profile');
    await ready();
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(input(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_A_PICTURE_MESSAGE);

    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await user.upload(input(), big);
    expect(await screen.findByText(TOO_LARGE_MESSAGE)).toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
  });

  it('uploads with a visible progress bar, then saves the picture as the profile image', async () => {
    const view = renderAccount('/account/profile', (call, stored) => saving(stored)(call));
    await ready();
    const user = userEvent.setup();

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(input(), file);
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/uploads/avatar');
    expect(xhr?.body?.get('file')).toBe(file);

    const bar = screen.getByRole('progressbar', { name: 'Picture upload' });
    expect(bar).toBeVisible();
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => xhr?.progress(40, 100));
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Uploading your picture… 40%')).toBeInTheDocument();

    const url = '/uploads/avatars/0b9d1c1e-5a5b-4c1e-9a3e-1f2a3b4c5d6e.webp';
    act(() => xhr?.respond(200, { url }));
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(view.calls.find((call) => call.method === 'PUT')?.body).toEqual({ image: url });
    expect(screen.getByRole('progressbar', { name: 'Picture upload' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByText('Picture uploaded and saved.')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector(`img[src="${url}"]`)).not.toBeNull());
  });

  it("shows the shop's refusal of an upload in the red alert", async () => {
    renderAccount('/account/profile');
    await ready();
    const user = userEvent.setup();
    await user.upload(input(), new File(['x'], 'fake.png', { type: 'image/png' }));
    act(() =>
      FakeXhr.last?.respond(
        415,
        errorBody('UNSUPPORTED_MEDIA_TYPE', 'The file is not a picture we can read'),
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent('The file is not a picture we can read');
  });
});

describe('Change password', () => {
  it('asks for the sign-up password rule, sends current and new, and says other sessions ended', async () => {
    const view = renderAccount('/account/profile', (call) =>
      call.path === '/api/auth/change-password' ? { body: { token: null } } : undefined,
    );
    await ready();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current password'), 'Old#pass2023');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(view.calls.some((call) => call.path === '/api/auth/change-password')).toBe(false);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'New#pass2024');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_CHANGED_MESSAGE)).toBeInTheDocument();
    expect(view.calls.find((call) => call.path === '/api/auth/change-password')?.body).toMatchObject({
      currentPassword: 'Old#pass2023',
      newPassword: 'New#pass2024',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password in the red alert', async () => {
    renderAccount('/account/profile', (call) =>
      call.path === '/api/auth/change-password'
        ? { status: 400, body: errorBody('WRONG_PASSWORD', 'Wrong Password') }
        : undefined,
    );
    await ready();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current password'), 'Not#mine2023');
    await user.type(screen.getByLabelText('New password'), 'New#pass2024');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent('Wrong Password');
  });
});

describe('Delete my account', () => {
  it('asks first; Cancel changes nothing', async () => {
    const view = renderAccount('/account/profile');
    await ready();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_CONFIRM_TITLE });
    expect(dialog).toHaveTextContent('Your reviews and your favourites are removed.');
    expect(dialog).toHaveTextContent(/orders are kept .* without your name, e-mail, phone or address/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('deletes the account and opens the shop afresh at /', async () => {
    const assign = mockLocationAssign();
    const view = renderAccount('/account/profile', (call) =>
      call.method === 'DELETE' && call.path === '/api/account'
        ? { status: 200, body: { erased: true } }
        : undefined,
    );
    await ready();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_CONFIRM_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(view.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('says why a held deletion waits, and stays on the page', async () => {
    const assign = mockLocationAssign();
    const reason =
      'Order #12 is still open: your data is erased once it is closed (delivered, cancelled or refunded).';
    const view = renderAccount('/account/profile', (call) =>
      call.method === 'DELETE' && call.path === '/api/account'
        ? { status: 202, body: { heldUntil: null, reason } }
        : undefined,
    );
    await ready();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_CONFIRM_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const status = (await screen.findByRole('heading', { name: 'Your account will be deleted' })).closest(
      '[role="status"]',
    );
    expect(status).toHaveTextContent(reason);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(assign).not.toHaveBeenCalled();
    expect(view.router.state.location.pathname).toBe('/account/profile');
  });

  it('keeps the user in and shows the red alert in the dialog when the deletion fails', async () => {
    const view = renderAccount('/account/profile', (call) =>
      call.method === 'DELETE'
        ? { status: 500, body: errorBody('INTERNAL_ERROR', 'Try again later') }
        : undefined,
    );
    await ready();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_CONFIRM_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Try again later');
    expect(view.router.state.location.pathname).toBe('/account/profile');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('Profile tab store credit and price-drop e-mails', () => {
  const entry = (overrides: Partial<CreditEntry>): CreditEntry => ({
    id: 'c1',
    amount: 20,
    balanceAfter: 20,
    kind: 'grant',
    reason: 'Sorry for the late parcel',
    orderId: null,
    orderNumber: null,
    returnId: null,
    date: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });

  it('shows the balance and its history, a page at a time', async () => {
    const { calls } = renderAccount('/account/profile', (call) => {
      if (call.path !== `/api/users/${UID}/credit`) return undefined;
      const page = Number(call.search.get('page'));
      const entries =
        page === 1
          ? [
              entry({
                id: 'c2',
                amount: -15,
                balanceAfter: 5,
                kind: 'spend',
                reason: '',
                orderId: ORDER,
                orderNumber: 12,
                date: '2026-11-21T10:00:00.000Z',
              }),
            ]
          : [entry({})];
      return { body: { balance: 5, entries, page, pages: 2 } };
    });
    const section = await screen.findByRole('region', { name: 'Store credit' });
    expect(await within(section).findByTestId('credit-balance')).toHaveTextContent('$5.00');
    const history = within(section).getByRole('list', { name: 'Store credit history' });
    const [spend] = within(history).getAllByRole('listitem');
    expect(spend).toHaveTextContent('Paid an order−$15.00');
    expect(spend).toHaveTextContent('2026-11-21');
    expect(spend).toHaveTextContent('Balance after $5.00');
    expect(within(spend as HTMLElement).getByRole('link', { name: 'Order #12' })).toHaveAttribute(
      'href',
      `/account/orders?order=${ORDER}`,
    );

    await userEvent.setup().click(within(section).getByRole('button', { name: /2/ }));
    expect(await within(section).findByText('Sorry for the late parcel')).toBeInTheDocument();
    expect(within(section).getByText('+$20.00')).toBeInTheDocument();
    expect(within(section).getByText('Granted by the shop')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path.endsWith('/credit')).map((call) => call.search.get('page')),
    ).toEqual(expect.arrayContaining(['1', '2']));
  });

  it('saves the price-drop e-mails choice with the profile', async () => {
    const yes = {
      state: 'subscribed',
      basis: 'consent',
      source: 'sign-up',
      updatedAt: '2026-12-01T10:00:00.000Z',
    } as const;
    const stored = { current: dashboardFixture({ priceDropEmails: true, marketing: yes }) };
    const { calls } = renderAccount('/account/profile', saving(stored), {
      profile: { priceDropEmails: true, marketing: yes },
    });
    await ready();
    expect(screen.getByRole('checkbox', { name: 'E-mail me price drops and offers' })).toBeChecked();
    expect(screen.getByText(/You said yes on .* when you signed up\./)).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: "E-mail me when a favourite's price drops" });
    expect(box).toBeChecked();
    await userEvent.setup().click(box);
    expect(await screen.findByText('Saved: no more price-drop e-mails.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ priceDropEmails: false });
    await waitFor(() => expect(box).not.toBeChecked());
  });

  it('asks for marketing consent unticked, and saves the answer as the person gives it', async () => {
    const stored = { current: dashboardFixture({ priceDropEmails: true }) };
    const { calls } = renderAccount(
      '/account/profile',
      (call) => {
        if (call.method !== 'PUT' || call.path !== `/api/users/update/${UID}`) return undefined;
        const state = (call.body as { marketing: 'subscribed' | 'unsubscribed' }).marketing;
        stored.current = {
          ...stored.current,
          marketing: {
            state,
            basis: state === 'subscribed' ? 'consent' : null,
            source: 'profile',
            updatedAt: '2026-12-04T10:00:00.000Z',
          },
        };
        return { body: [stored.current] };
      },
      { profile: { priceDropEmails: true } },
    );
    await ready();
    const consent = screen.getByRole('checkbox', { name: 'E-mail me price drops and offers' });
    const drops = screen.getByRole('checkbox', { name: "E-mail me when a favourite's price drops" });
    expect(consent).not.toBeChecked();
    // Price drops are marketing: nothing to choose until the person says yes.
    expect(drops).toBeDisabled();
    expect(drops).not.toBeChecked();
    await userEvent.setup().click(consent);
    expect(await screen.findByText('Saved: we may e-mail you price drops and offers.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ marketing: 'subscribed' });
    await waitFor(() => expect(consent).toBeChecked());
    expect(drops).toBeEnabled();
    expect(drops).toBeChecked();
    expect(screen.getByText(/You said yes on .* in your profile\./)).toBeInTheDocument();
  });
});
