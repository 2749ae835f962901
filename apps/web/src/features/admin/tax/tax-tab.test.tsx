import {
  formatPrice,
  getShopCurrency,
  setShopCurrency,
  type TaxRate,
  type TaxRegistration,
  type TaxSettings,
} from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, type ApiHandler, errorBody, mockApi } from '../../../test/mock-api';
import { testQueryClient } from '../../../test/query-client';
import { DELETE_RATE_TITLE } from './rates-section';
import { REMOVE_REGISTRATION_TITLE } from './registrations-section';
import { AdminTaxTab } from './tax-tab';

const SETTINGS: TaxSettings = {
  currency: 'EUR',
  pricesIncludeTax: true,
  homeCountry: 'FR',
  homeRegion: '',
  collects: false,
  vatNumber: 'FR40303265045',
  oss: false,
  taxShipping: true,
  fallback: 'table',
  eurRate: 1,
};

const rate = (id: string, country: string, region: string, category: TaxRate['category'], value: number) =>
  ({
    id: `${id}${id}${id}${id}${id}${id}${id}${id}-${id}${id}${id}${id}-4${id}${id}${id}-8${id}${id}${id}-${id.repeat(12)}`,
    country,
    region,
    category,
    rate: value,
    from: '2024-01-01',
    to: null,
    source: 'EU TEDB, 2026-01-01',
  }) satisfies TaxRate;

const FR_STANDARD = rate('1', 'FR', '', 'standard', 20);
const FR_REDUCED = rate('2', 'FR', '', 'reduced', 5.5);
const DE_STANDARD = rate('3', 'DE', '', 'standard', 19);
const CA_STANDARD = rate('4', 'US', 'CA', 'standard', 7.25);
const TX_STANDARD = rate('5', 'US', 'TX', 'standard', 6.25);
const RATES = [DE_STANDARD, CA_STANDARD, FR_REDUCED, TX_STANDARD, FR_STANDARD];

const FRANCE: TaxRegistration = {
  id: 'f0f0f0f0-f0f0-4f0f-8f0f-f0f0f0f0f0f0',
  country: 'FR',
  region: '',
  createdAt: '2026-11-01T10:00:00.000Z',
};

/** The tab with a scripted API: its lists change with the calls the test lets through. */
function renderTax(handler: ApiHandler = () => undefined) {
  let registrations = [FRANCE];
  const api = mockApi(async (call) => {
    const answer = await handler(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/tax/settings') return { body: SETTINGS };
    if (call.method === 'GET' && call.path === '/api/tax/rates') return { body: { rates: RATES } };
    if (call.method === 'GET' && call.path === '/api/tax/registrations') return { body: { registrations } };
    if (call.method === 'POST' && call.path === '/api/tax/registrations') {
      const body = call.body as { country: string };
      const added = { ...FRANCE, id: 'd0d0d0d0-d0d0-4d0d-8d0d-d0d0d0d0d0d0', country: body.country };
      registrations = [...registrations, added];
      return { status: 201, body: added };
    }
    if (call.method === 'DELETE' && call.path.startsWith('/api/tax/registrations/')) {
      const gone = registrations.find((registration) => call.path.endsWith(registration.id));
      registrations = registrations.filter((registration) => registration !== gone);
      return { body: gone };
    }
    return undefined;
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AdminTaxTab />
    </QueryClientProvider>,
  );
  return api;
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const sent = (calls: ApiCall[], method: string) => calls.filter((call) => call.method === method);

describe('Tax tab', () => {
  it('shows the settings and saves only the fields changed', async () => {
    const { calls } = renderTax((call) =>
      call.method === 'PUT' ? { body: { ...SETTINGS, vatNumber: 'FR12345678901', oss: true } } : undefined,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 2, name: 'Tax' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Currency')).toHaveValue('EUR');
    expect(screen.getByLabelText('Home country')).toHaveValue('FR');
    expect(screen.queryByLabelText('Home US state')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Yes: prices shown include tax')).toBeChecked();
    expect(screen.getByLabelText('Tax shipping')).toBeChecked();
    expect(screen.getByLabelText('Use the rate table')).toBeChecked();

    await user.clear(screen.getByLabelText('VAT number'));
    await user.type(screen.getByLabelText('VAT number'), 'FR12345678901');
    await user.click(screen.getByLabelText('One-Stop-Shop'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Tax settings saved')).toBeInTheDocument();
    expect(sent(calls, 'PUT')).toHaveLength(1);
    expect(sent(calls, 'PUT')[0]?.body).toEqual({ vatNumber: 'FR12345678901', oss: true });
  });

  it('warns that a new currency converts no price and leaves placed orders theirs, then uses it', async () => {
    const { calls } = renderTax((call) =>
      call.method === 'PUT' ? { body: { ...SETTINGS, currency: 'GBP' } } : undefined,
    );
    const user = userEvent.setup();
    const currency = await screen.findByLabelText('Currency');
    expect(screen.queryByText(/Prices are not converted/)).not.toBeInTheDocument();
    await user.clear(currency);
    await user.type(currency, 'gbp');
    expect(screen.getByText(/Prices are not converted/)).toHaveTextContent(
      'Prices are not converted: every price keeps its amount and is shown in GBP instead of EUR. Orders already placed keep EUR; orders placed after saving are in GBP.',
    );
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Tax settings saved')).toBeInTheDocument();
    expect(sent(calls, 'PUT')[0]?.body).toEqual({ currency: 'gbp' });
    expect(screen.queryByText(/Prices are not converted/)).not.toBeInTheDocument();
    // This page's prices are in the new currency from now on.
    expect(getShopCurrency()).toBe('GBP');
    expect(formatPrice(129.99)).toBe('£129.99');
    setShopCurrency('USD');
  });

  it("shows the server's refusal under its field, and a home US state for the US only", async () => {
    const { calls } = renderTax((call) =>
      call.method === 'PUT'
        ? {
            status: 400,
            body: errorBody('VALIDATION_ERROR', 'Invalid body', { homeRegion: 'must be a US state' }),
          }
        : undefined,
    );
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Home country'), 'US');
    await user.selectOptions(screen.getByLabelText('Home US state'), 'CA');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const state = screen.getByLabelText('Home US state');
    await waitFor(() => expect(state).toHaveFocus());
    expect(state).toHaveAttribute('aria-invalid', 'true');
    expect(state).toHaveAccessibleDescription('Home US state must be a US state');
    expect(sent(calls, 'PUT')[0]?.body).toEqual({ homeCountry: 'US', homeRegion: 'CA' });
    expect(screen.queryByText('Tax settings saved')).not.toBeInTheDocument();
  });

  it('adds a registration, and removes one after asking', async () => {
    const { calls } = renderTax();
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Registrations' });
    expect(within(list).getByText('France')).toBeInTheDocument();
    expect(screen.getByText(/With none, no tax is collected/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a registration' }));
    expect(screen.getByRole('heading', { name: 'Add a registration' })).toHaveFocus();
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await user.click(screen.getByRole('button', { name: 'Add registration' }));
    expect(await screen.findByText('Tax is now collected in Germany.')).toBeInTheDocument();
    expect(sent(calls, 'POST')[0]?.body).toEqual({ country: 'DE' });
    await waitFor(() => expect(within(list).getByText('Germany')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Remove France' }));
    const dialog = await screen.findByRole('dialog', { name: REMOVE_REGISTRATION_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Tax is no longer collected in France.')).toBeInTheDocument();
    expect(sent(calls, 'DELETE')[0]?.path).toBe(`/api/tax/registrations/${FRANCE.id}`);
    await waitFor(() => expect(within(list).queryByText('France')).not.toBeInTheDocument());
  });

  it("filters the rates by country, the home country's first", async () => {
    renderTax();
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByLabelText('Show the rates of')).toHaveValue('FR');
    const [standard, reduced] = rows() as [HTMLElement, HTMLElement];
    expect(within(standard).getByRole('rowheader')).toHaveTextContent('France');
    expect(standard).toHaveTextContent('20%');
    expect(reduced).toHaveTextContent('5.5%');

    await user.selectOptions(screen.getByLabelText('Show the rates of'), 'US');
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toHaveTextContent('California (US)');
    expect(rows()[0]).toHaveTextContent('7.25%');
    expect(screen.getByRole('table', { name: 'Tax rates of United States' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Show the rates of'), '');
    expect(rows()).toHaveLength(5);
    expect(screen.getByText('5 of 5 rates')).toBeInTheDocument();
  });

  it('adds a rate, and shows an overlap refusal under From', async () => {
    let refuse = true;
    const { calls } = renderTax((call) => {
      if (call.method !== 'POST' || call.path !== '/api/tax/rates') return undefined;
      if (refuse) {
        refuse = false;
        return {
          status: 400,
          body: errorBody('VALIDATION_ERROR', 'The days overlap another rate', {
            from: 'overlaps the standard rate of FR from 2024-01-01',
          }),
        };
      }
      return { status: 201, body: { ...FR_STANDARD, id: 'new', rate: 21, from: '2030-01-01' } };
    });
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Add a rate' }));
    expect(screen.getByRole('heading', { name: 'Add a rate' })).toHaveFocus();
    await user.type(screen.getByLabelText('Rate (%)'), '21');
    await user.type(screen.getByLabelText('From'), '2026-06-01');
    await user.click(screen.getByRole('button', { name: 'Add rate' }));

    const from = screen.getByLabelText('From');
    await waitFor(() => expect(from).toHaveFocus());
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(
      expect.stringContaining('From overlaps the standard rate of FR from 2024-01-01'),
    );
    expect(sent(calls, 'POST')[0]?.body).toEqual({
      country: 'FR',
      region: '',
      category: 'standard',
      rate: 21,
      from: '2026-06-01',
      to: null,
      source: '',
    });

    await user.clear(from);
    await user.type(from, '2030-01-01');
    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    expect(await screen.findByText('The standard rate of France (21%) was added.')).toBeInTheDocument();
  });

  it('ends a rate on the day given, keeping the rest of it', async () => {
    const { calls } = renderTax((call) =>
      call.method === 'PUT' ? { body: { ...FR_STANDARD, to: '2026-12-31' } } : undefined,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'End France standard 20%' }));
    const lastDay = screen.getByLabelText('Last day');
    expect(lastDay).toHaveValue(new Date().toISOString().slice(0, 10));
    await user.clear(lastDay);
    await user.type(lastDay, '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'End rate' }));

    expect(
      await screen.findByText('The standard rate of France (20%) ends on 2026-12-31.'),
    ).toBeInTheDocument();
    const put = sent(calls, 'PUT')[0];
    expect(put?.path).toBe(`/api/tax/rates/${FR_STANDARD.id}`);
    const { id: _id, ...body } = FR_STANDARD;
    expect(put?.body).toEqual({ ...body, to: '2026-12-31' });
  });

  it('deletes a rate after asking', async () => {
    const { calls } = renderTax((call) => (call.method === 'DELETE' ? { body: FR_REDUCED } : undefined));
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Delete France reduced 5.5%' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_RATE_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The reduced rate of France (5.5%) was deleted.')).toBeInTheDocument();
    expect(sent(calls, 'DELETE')[0]?.path).toBe(`/api/tax/rates/${FR_REDUCED.id}`);
  });
});
