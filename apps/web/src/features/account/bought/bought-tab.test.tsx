import { ONLY_BUYERS_MESSAGE, REVIEW_RATING_MESSAGE, type Review } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_ALERT_TITLE } from '../../../components/alert-error';
import type { ApiCall } from '../../../test/mock-api';
import { AJ1, bought, DUNK, errorBody, REVIEW_ID, renderAccount, review, UID } from '../account-test-utils';
import { NO_BOUGHT_TEXT } from './bought-tab';
import { EDIT_REVIEW_TITLE, REVIEW_FORM_TITLE } from './review-form';

const card = (name: string) => screen.getByRole('article', { name }) as HTMLElement;

/** The bought list and the review calls, over a list that the calls change. */
function boughtApi(items: ReturnType<typeof bought>[], extra?: (call: ApiCall) => unknown) {
  return (call: ApiCall) => {
    const answer = extra?.(call);
    if (answer) return answer as { status?: number; body?: unknown };
    if (call.method === 'GET' && call.path === `/api/users/bought/${UID}`) return { body: items };
    if (call.method === 'POST' && call.path === '/api/reviews') {
      const body = call.body as { _idProduct: string; rating: number; description: string };
      const created: Review = review({ rating: body.rating, description: body.description });
      for (const item of items) if (item.product._id === body._idProduct) item.review = created;
      return { status: 201, body: { ...created, product: { _id: body._idProduct, name: 'x' } } };
    }
    if (call.method === 'PUT' && call.path === `/api/reviews/${REVIEW_ID}`) {
      const body = call.body as { rating: number; description: string };
      const edited = review(body);
      for (const item of items) if (item.review?._id === REVIEW_ID) item.review = edited;
      return { body: edited };
    }
    return undefined;
  };
}

describe('Bought tab', () => {
  it('says so when nothing was bought yet', async () => {
    renderAccount('/account/bought', boughtApi([]));
    expect(await screen.findByText(NO_BOUGHT_TEXT)).toBeInTheDocument();
  });

  it("shows one card per product: 'make your review' for a new one, the review for a reviewed one", async () => {
    renderAccount(
      '/account/bought',
      boughtApi([bought(AJ1, 'Air Jordan 1 Mid XQ'), bought(DUNK, 'Dunk Low Panda', review({ rating: 3 }))]),
    );
    await screen.findByRole('list', { name: 'Products you bought' });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    const fresh = card('Air Jordan 1 Mid XQ');
    expect(within(fresh).getByRole('link', { name: 'Air Jordan 1 Mid XQ' })).toHaveAttribute(
      'href',
      `/home/${AJ1}`,
    );
    expect(fresh).toHaveTextContent('Bought on 2024-05-17');
    expect(within(fresh).getByRole('button', { name: /make your review/ })).toBeInTheDocument();
    const reviewed = card('Dunk Low Panda');
    expect(within(reviewed).getByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument();
    expect(reviewed).toHaveTextContent('Great pair, true to size.');
    expect(within(reviewed).queryByRole('button', { name: /make your review/ })).not.toBeInTheDocument();
    expect(
      within(reviewed).getByRole('button', { name: 'Edit your review of Dunk Low Panda' }),
    ).toBeInTheDocument();
  });

  it("holds the spec's review form: rating 0 to 5 in steps of 1 with stars, Comments, 'send review' and 'back'", async () => {
    const { calls } = renderAccount('/account/bought', boughtApi([bought(AJ1, 'Air Jordan 1 Mid XQ')]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /make your review/ }));
    const form = screen.getByRole('form', { name: new RegExp(REVIEW_FORM_TITLE.replace('!', '\\!')) });
    expect(within(form).getByRole('heading', { name: /Make your review!/ })).toHaveFocus();
    const rating = within(form).getByLabelText('Rating');
    expect(rating).toHaveAttribute('type', 'number');
    expect(rating).toHaveAttribute('min', '0');
    expect(rating).toHaveAttribute('max', '5');
    expect(rating).toHaveAttribute('step', '1');
    expect(within(form).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    await user.clear(rating);
    await user.type(rating, '2');
    expect(within(form).getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();
    await user.clear(rating);
    await user.type(rating, '0');
    expect(within(form).getByRole('img', { name: 'Rated 0 out of 5' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Comments').tagName).toBe('TEXTAREA');
    expect(within(form).getByRole('button', { name: 'send review' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'back' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /make your review/ })).toHaveFocus());
    expect(calls.some((call) => call.path === '/api/reviews')).toBe(false);
  });

  it('raises the alert saying numbers 0 to 5 for a rating above 5, and sends nothing', async () => {
    const { calls } = renderAccount('/account/bought', boughtApi([bought(AJ1, 'Air Jordan 1 Mid XQ')]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /make your review/ }));
    const rating = screen.getByLabelText('Rating');
    await user.clear(rating);
    await user.type(rating, '7');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(REVIEW_RATING_MESSAGE);
    expect(rating).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Comments'), 'Loved them');
    await user.click(screen.getByRole('button', { name: 'send review' }));
    expect(
      await screen.findByText(REVIEW_RATING_MESSAGE, { selector: '.invalid-feedback' }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/reviews')).toBe(false);

    await user.clear(rating);
    await user.type(rating, '4');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses an empty comment with the contracts message', async () => {
    const { calls } = renderAccount('/account/bought', boughtApi([bought(AJ1, 'Air Jordan 1 Mid XQ')]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /make your review/ }));
    await user.click(screen.getByRole('button', { name: 'send review' }));
    expect(await screen.findByText(/Write a comment/)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/reviews')).toBe(false);
  });

  it('sends the review and the card shows it', async () => {
    const { calls } = renderAccount('/account/bought', boughtApi([bought(AJ1, 'Air Jordan 1 Mid XQ')]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /make your review/ }));
    const rating = screen.getByLabelText('Rating');
    await user.clear(rating);
    await user.type(rating, '4');
    await user.type(screen.getByLabelText('Comments'), '  Comfortable from day one.  ');
    await user.click(screen.getByRole('button', { name: 'send review' }));

    const sent = card('Air Jordan 1 Mid XQ');
    await waitFor(() => expect(sent).toHaveTextContent('Comfortable from day one.'));
    expect(within(sent).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/reviews')?.body).toEqual({
      _idProduct: AJ1,
      _idUser: UID,
      rating: 4,
      description: 'Comfortable from day one.',
    });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("asks how it fits, optionally, and sends the answer as 'fit'", async () => {
    const { calls } = renderAccount('/account/bought', boughtApi([bought(AJ1, 'Air Jordan 1 Mid XQ')]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /make your review/ }));
    const question = screen.getByRole('group', { name: /How does it fit\?/ });
    const answers = within(question).getAllByRole('radio');
    expect(answers.map((radio) => radio.getAttribute('value'))).toEqual(['small', 'true', 'large']);
    expect(answers.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    await user.click(within(question).getByRole('radio', { name: 'Runs small' }));
    await user.type(screen.getByLabelText('Comments'), 'Go half a size up.');
    await user.click(screen.getByRole('button', { name: 'send review' }));

    await waitFor(() => expect(card('Air Jordan 1 Mid XQ')).toHaveTextContent('Go half a size up.'));
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/reviews')?.body).toEqual({
      _idProduct: AJ1,
      _idUser: UID,
      rating: 5,
      description: 'Go half a size up.',
      fit: 'small',
    });
  });

  it('keeps the fit answered before when editing, and sends the new one', async () => {
    const { calls } = renderAccount(
      '/account/bought',
      boughtApi([bought(DUNK, 'Dunk Low Panda', review({ fit: 'true', description: 'Fine.' }))]),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit your review of Dunk Low Panda' }));
    expect(screen.getByRole('radio', { name: 'True to size' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Runs large' }));
    await user.click(screen.getByRole('button', { name: 'send review' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
        path: `/api/reviews/${REVIEW_ID}`,
        body: { rating: 4, description: 'Fine.', fit: 'large' },
      }),
    );
  });

  it('lets the user edit their own review', async () => {
    const { calls } = renderAccount(
      '/account/bought',
      boughtApi([bought(DUNK, 'Dunk Low Panda', review({ rating: 3, description: 'Fine.' }))]),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit your review of Dunk Low Panda' }));
    expect(screen.getByRole('heading', { name: new RegExp(EDIT_REVIEW_TITLE) })).toBeInTheDocument();
    expect(screen.getByLabelText('Rating')).toHaveValue(3);
    expect(screen.getByLabelText('Comments')).toHaveValue('Fine.');
    await user.clear(screen.getByLabelText('Rating'));
    await user.type(screen.getByLabelText('Rating'), '5');
    await user.clear(screen.getByLabelText('Comments'));
    await user.type(screen.getByLabelText('Comments'), 'Better every week.');
    await user.click(screen.getByRole('button', { name: 'send review' }));

    await waitFor(() => expect(card('Dunk Low Panda')).toHaveTextContent('Better every week.'));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: `/api/reviews/${REVIEW_ID}`,
      body: { rating: 5, description: 'Better every week.' },
    });
  });

  it("shows the API's refusal in the spec's red alert", async () => {
    renderAccount(
      '/account/bought',
      boughtApi([bought(AJ1, 'Air Jordan 1 Mid XQ')], (call) =>
        call.method === 'POST'
          ? { status: 403, body: errorBody('NOT_A_BUYER', ONLY_BUYERS_MESSAGE) }
          : undefined,
      ),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /make your review/ }));
    await user.type(screen.getByLabelText('Comments'), 'Nice');
    await user.click(screen.getByRole('button', { name: 'send review' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent(ONLY_BUYERS_MESSAGE);
    expect(screen.getByRole('form')).toBeInTheDocument();
  });
});
