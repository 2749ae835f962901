import type { Review } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_ALERT_TITLE } from '../../../components/alert-error';
import { AJ1, errorBody, OTHER_REVIEW_ID, REVIEW_ID, renderProductsTab, review } from './products-test-utils';
import { NO_REVIEWS_TEXT } from './reviews-modal';

const twoReviews = (): Review[] => [
  review(),
  review({
    _id: OTHER_REVIEW_ID,
    user: { _id: 'someone', username: 'sneakerhead', image: '/uploads/avatars/sh.webp' },
    rating: 2,
    description: 'Runs small.',
    date: '2024-05-02T10:00:00.000Z',
  }),
];

async function openReviews(user: ReturnType<typeof userEvent.setup>, name = 'Air Jordan 1 Mid XQ') {
  await user.click(await screen.findByRole('button', { name: `Reviews of ${name}` }));
  return within(await screen.findByRole('dialog', { name: /^Reviews/ }));
}

describe('Reviews modal (staff)', { timeout: 20_000 }, () => {
  it("lists a product's reviews; Delete asks first, then sends DELETE with the review's id", async () => {
    const user = userEvent.setup();
    let stored = twoReviews();
    const view = renderProductsTab((call) => {
      if (call.path !== `/api/reviews/product/${AJ1}`) return undefined;
      if (call.method === 'GET') return { body: stored };
      if (call.method === 'DELETE') {
        const ids = (call.body as { _idReviews: string[] })._idReviews;
        stored = stored.filter((item) => !ids.includes(item._id));
        return { body: stored };
      }
      return undefined;
    });
    const modal = await openReviews(user);
    const list = await modal.findByRole('list', { name: 'Reviews' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('demo_user');
    expect(items[0]).toHaveTextContent('Great pair, true to size.');
    expect(items[0]).toHaveTextContent('2024-06-01');
    expect(
      within(items[0] as HTMLElement).getByRole('img', { name: 'Rated 4 out of 5' }),
    ).toBeInTheDocument();
    expect(
      within(items[1] as HTMLElement).getByRole('img', { name: 'Rated 2 out of 5' }),
    ).toBeInTheDocument();

    // Cancel keeps the review and gives focus back to its Delete button.
    const remove = modal.getByRole('button', { name: 'Delete the review by demo_user' });
    await user.click(remove);
    const ask = modal.getByRole('group', { name: 'Are you sure?' });
    expect(within(ask).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(modal.getByRole('button', { name: 'Delete the review by demo_user' })).toHaveFocus();
    expect(view.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(modal.getByRole('button', { name: 'Delete the review by demo_user' }));
    await user.click(
      within(modal.getByRole('group', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(modal.queryByText('Great pair, true to size.')).not.toBeInTheDocument();
    const deletes = view.calls.filter((call) => call.method === 'DELETE');
    expect(deletes.map((call) => [call.path, call.body])).toEqual([
      [`/api/reviews/product/${AJ1}`, { _idReviews: [REVIEW_ID] }],
    ]);

    // The last one goes too: the modal says there are none.
    await user.click(modal.getByRole('button', { name: 'Delete the review by sneakerhead' }));
    await user.click(
      within(modal.getByRole('group', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await modal.findByText(NO_REVIEWS_TEXT)).toBeInTheDocument();
  });

  it("says 'There are no reviews yet' for a product without any", async () => {
    const user = userEvent.setup();
    renderProductsTab((call) =>
      call.method === 'GET' && call.path === `/api/reviews/product/${AJ1}` ? { body: [] } : undefined,
    );
    const modal = await openReviews(user);
    expect(await modal.findByText(NO_REVIEWS_TEXT)).toBeInTheDocument();
  });

  it("shows a refused deletion in the spec's red alert and keeps the review", async () => {
    const user = userEvent.setup();
    renderProductsTab((call) => {
      if (call.path !== `/api/reviews/product/${AJ1}`) return undefined;
      if (call.method === 'GET') return { body: [review()] };
      return { status: 403, body: errorBody('FORBIDDEN', 'Only staff may do this') };
    });
    const modal = await openReviews(user);
    await user.click(await modal.findByRole('button', { name: 'Delete the review by demo_user' }));
    await user.click(
      within(modal.getByRole('group', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }),
    );
    const alert = await modal.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent('Only staff may do this');
    expect(modal.getByText('Great pair, true to size.')).toBeInTheDocument();
  });
});
