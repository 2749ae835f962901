import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_ALERT_TITLE } from '../../../components/alert-error';
import { AJ1, DUNK, errorBody, product, renderAccount, stockAlert, UID } from '../account-test-utils';
import { NO_FAVORITES_TEXT } from './favorites-tab';
import { NO_ALERTS_TEXT } from './stock-alerts';

const ALERT_ID = '55555555-5555-4555-8555-555555555555';

describe('Favorites tab', () => {
  it("says so when there are no favourites, with 'Let's go!' to the catalogue", async () => {
    renderAccount('/account/favorites');
    expect(await screen.findByText(NO_FAVORITES_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Let's go!" })).toHaveAttribute('href', '/home');
    expect(await screen.findByText(NO_ALERTS_TEXT)).toBeInTheDocument();
  });

  it("shows each favourite as a card with its heart and 'More Info'; the heart removes it", async () => {
    const favourites = [product(AJ1, 'Air Jordan 1 Mid XQ'), product(DUNK, 'Dunk Low Panda')];
    const view = renderAccount(
      '/account/favorites',
      (call, stored) => {
        if (call.method === 'PUT' && call.path === `/api/users/deleteFavorite/${UID}`) {
          const id = (call.body as { favorite: string }).favorite;
          stored.current = {
            ...stored.current,
            favourites: stored.current.favourites.filter((favourite) => favourite !== id),
            productsFavourites: stored.current.productsFavourites.filter((item) => item._id !== id),
          };
          return { body: [stored.current] };
        }
        return undefined;
      },
      { profile: { favourites: [AJ1, DUNK], productsFavourites: favourites } },
    );
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    // 'More Info' belongs to its card: inside it, after the price, not below the card on its own.
    expect(
      within(cards[0] as HTMLElement).getByRole('link', { name: 'More Info about Air Jordan 1 Mid XQ' }),
    ).toHaveAttribute('href', `/home/${AJ1}`);
    expect(
      within(cards[1] as HTMLElement).getByRole('link', { name: 'More Info about Dunk Low Panda' }),
    ).toHaveAttribute('href', `/home/${DUNK}`);
    expect((cards[0] as HTMLElement).lastElementChild).toContainElement(
      screen.getByRole('link', { name: 'More Info about Air Jordan 1 Mid XQ' }),
    );
    const heart = await screen.findByRole('button', { name: /Remove Air Jordan 1 Mid XQ from favourites/ });
    expect(heart).toHaveAttribute('aria-pressed', 'true');

    await userEvent.setup().click(heart);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.queryByText('Air Jordan 1 Mid XQ')).not.toBeInTheDocument();
    expect(view.calls.find((call) => call.path === `/api/users/deleteFavorite/${UID}`)?.body).toEqual({
      favorite: AJ1,
    });
  });

  it('lists the back-in-stock alerts with picture, name, size and a link; Cancel removes one', async () => {
    let alerts = [
      stockAlert(ALERT_ID, AJ1, 'Air Jordan 1 Mid XQ', '9.5'),
      stockAlert('66666666-6666-4666-8666-666666666666', DUNK, 'Dunk Low Panda', '11'),
    ];
    const view = renderAccount('/account/favorites', (call) => {
      if (call.method === 'GET' && call.path === '/api/stock-alerts') return { body: alerts };
      if (call.method === 'DELETE' && call.path === `/api/stock-alerts/${ALERT_ID}`) {
        alerts = alerts.filter((alert) => alert._id !== ALERT_ID);
        return { status: 204 };
      }
      return undefined;
    });
    const list = await screen.findByRole('list', { name: 'Your back-in-stock alerts' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0] as HTMLElement).getByRole('link', { name: 'Air Jordan 1 Mid XQ' }),
    ).toHaveAttribute('href', `/home/${AJ1}`);
    expect(items[0]).toHaveTextContent('Size 9.5');
    expect((items[0] as HTMLElement).querySelector('img')).toHaveAttribute(
      'src',
      `/uploads/${AJ1}-card.webp`,
    );

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Cancel the alert for Air Jordan 1 Mid XQ, size 9.5' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(view.calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it("shows the spec's red alert when an alert cannot be cancelled", async () => {
    renderAccount('/account/favorites', (call) => {
      if (call.method === 'GET' && call.path === '/api/stock-alerts')
        return { body: [stockAlert(ALERT_ID, AJ1, 'Air Jordan 1 Mid XQ', '9.5')] };
      if (call.method === 'DELETE')
        return { status: 404, body: errorBody('NOT_FOUND', 'This alert is already used up') };
      return undefined;
    });
    await userEvent
      .setup()
      .click(
        await screen.findByRole('button', { name: 'Cancel the alert for Air Jordan 1 Mid XQ, size 9.5' }),
      );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent('This alert is already used up');
  });
});
