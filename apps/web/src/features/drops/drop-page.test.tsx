import { createHash, createHmac, randomBytes } from 'node:crypto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DROP_ID, dropDetail } from '../../test/drop-fixtures';
import { AJ1 } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { DropPage } from './drop-page';
import { renderAt, sessionBody } from './drops-test-utils';

/** A drawn draw made here with node:crypto, the way the server makes it. */
function drawnDraw() {
  const seed = randomBytes(32);
  const entries = {
    '9': ['e-9-a', 'e-9-b', 'e-9-c', 'e-9-d', 'e-9-e'],
    '10': ['e-10-a', 'e-10-b', 'e-10-c'],
  };
  const order = (ids: string[]) =>
    [...ids].sort((a, b) => {
      const score = (id: string) => createHmac('sha256', seed).update(id, 'utf8').digest('hex');
      return score(a) < score(b) ? -1 : 1;
    });
  return {
    seed: seed.toString('hex'),
    commitment: createHash('sha256').update(seed).digest('hex'),
    entries,
    winners: { '9': order(entries['9']).slice(0, 2), '10': order(entries['10']).slice(0, 1) },
  };
}

function serve(drop: ReturnType<typeof dropDetail>, myEntry?: string) {
  return mockApi((call) => {
    if (call.path === '/api/auth/get-session') return { body: myEntry ? sessionBody() : null };
    if (call.path === `/api/drops/${DROP_ID}`) return { body: drop };
    if (call.path === `/api/drops/${DROP_ID}/entries/me` && myEntry)
      return {
        body: {
          id: myEntry,
          size: '9',
          status: 'waiting',
          rank: 3,
          holdUntil: null,
          orderId: null,
          createdAt: '',
        },
      };
    return undefined;
  });
}

describe('the drop page', () => {
  it('shows a draw before it is drawn: times, sizes with pairs and entrants, the commitment', async () => {
    const sizes = [
      { size: '8', units: 0, entrants: 0 },
      ...dropDetail().sizes,
      { size: '12', units: 0, entrants: 0 },
    ];
    serve(dropDetail({ commitment: 'ab'.repeat(32), sizes }));
    renderAt('/drops/:id', `/drops/${DROP_ID}`, <DropPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' })).toBeInTheDocument();
    expect(screen.getByText('Entry open')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Sizes released' });
    expect(within(table).getByRole('row', { name: '9 2 5' })).toBeInTheDocument();
    // Sizes the drop has no pairs of are not listed as released.
    expect(within(table).queryByRole('row', { name: /^8 / })).not.toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /^12 / })).not.toBeInTheDocument();
    expect(screen.getByText('ab'.repeat(32))).toBeInTheDocument();
    expect(screen.getByText('Published once the draw is made')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recompute in this browser' })).not.toBeInTheDocument();
  });

  it('recomputes a drawn draw in the browser: the commitment and the winners match', async () => {
    const draw = drawnDraw();
    serve(dropDetail({ state: 'drawn', ...draw }), 'e-9-c');
    renderAt('/drops/:id', `/drops/${DROP_ID}`, <DropPage />);
    expect(await screen.findByText(draw.seed)).toBeInTheDocument();
    expect(await screen.findAllByText('(your entry)')).not.toHaveLength(0);
    expect(screen.getByText(/node scripts\/verify-draw\.mjs/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Recompute in this browser' }));
    expect(await screen.findByText('Commitment matches')).toBeInTheDocument();
    expect(screen.getByText('Winners match')).toBeInTheDocument();
  });

  it('says what differs when the published winners are not the recomputed ones', async () => {
    const draw = drawnDraw();
    const wrong = draw.entries['10'].find((id) => id !== draw.winners['10'][0]) as string;
    serve(
      dropDetail({
        state: 'drawn',
        ...draw,
        commitment: '00'.repeat(32),
        winners: { ...draw.winners, '10': [wrong] },
      }),
    );
    renderAt('/drops/:id', `/drops/${DROP_ID}`, <DropPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Recompute in this browser' }));
    expect(
      await screen.findByText(`Commitment differs: the seed hashes to ${draw.commitment}`),
    ).toBeInTheDocument();
    expect(screen.getByText('Winners differ')).toBeInTheDocument();
    expect(
      screen.getByText(`Size 10: recomputed ${draw.winners['10'][0]}; published ${wrong}`),
    ).toBeInTheDocument();
  });

  it('says when the drop does not exist', async () => {
    serve(dropDetail());
    renderAt('/drops/:id', '/drops/d2222222-2222-4222-8222-222222222222', <DropPage />);
    expect(await screen.findByRole('heading', { name: "We couldn't find this drop" })).toBeInTheDocument();
    // Kept out of search results, with no card.
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it("names its canonical URL and shares a card with the product's picture", async () => {
    serve(dropDetail());
    renderAt('/drops/:id', `/drops/${DROP_ID}?from=mail`, <DropPage />);
    await screen.findByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' });
    const origin = window.location.origin;
    const content = (selector: string) =>
      Array.from(document.head.querySelectorAll(selector)).map(
        (tag) => tag.getAttribute('content') ?? tag.getAttribute('href'),
      );
    expect(content('link[rel="canonical"]')).toEqual([`${origin}/drops/${DROP_ID}`]);
    expect(content('meta[property="og:title"]')).toEqual(['Air Jordan 1 Mid XQ drop · Sneaker Shop']);
    expect(content('meta[property="og:image"]')).toEqual([`${origin}/share/products/${AJ1}.jpg`]);
    expect(content('meta[property="og:description"]')[0]).toContain('by a draw anyone can check');
    expect(content('meta[name="robots"]')).toEqual([]);
  });
});
