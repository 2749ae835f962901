import { WOMEN_BANNER } from '@shop/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { MOTION_ATTRIBUTE } from '../../lib/motion';
import { VideoBanner } from './video-banner';

let play: MockInstance<() => Promise<void>>;
let pause: MockInstance<() => void>;

beforeEach(() => {
  // jsdom plays no media: the banner's calls are recorded instead.
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});

afterEach(() => {
  document.documentElement.removeAttribute(MOTION_ATTRIBUTE);
  vi.restoreAllMocks();
});

/** The visitor's motion setting, as `window.matchMedia` answers it. */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderBanner() {
  const { container } = render(
    <VideoBanner titleId="banner-title">
      <h1 id="banner-title">Made to move</h1>
    </VideoBanner>,
  );
  const video = container.querySelector('video');
  if (!video) throw new Error('no video');
  return video;
}

/** The browser is idle after the page went live: the app marks it (app/app.tsx). */
async function pageIdle() {
  await act(async () => {
    document.documentElement.setAttribute(MOTION_ATTRIBUTE, '');
  });
}

describe('VideoBanner', () => {
  it('comes with its poster, muted, looping and inline, without controls, and fetches nothing yet', () => {
    const video = renderBanner();
    expect(screen.getByRole('region', { name: 'Made to move' })).toContainElement(video);
    expect(video).toHaveAttribute('poster', WOMEN_BANNER.poster);
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video.controls).toBe(false);
    expect(video).toHaveAttribute('aria-hidden', 'true');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).not.toHaveAttribute('src');
    expect(play).not.toHaveBeenCalled();
  });

  it('loads and plays the video once the page is idle, and pauses and plays again with its button', async () => {
    const video = renderBanner();
    await pageIdle();
    expect(video).toHaveAttribute('src', WOMEN_BANNER.video);
    expect(play).toHaveBeenCalledTimes(1);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pause video' }));
    expect(pause).toHaveBeenCalled();
    expect(video).toHaveAttribute('src', WOMEN_BANNER.video);
    await user.click(screen.getByRole('button', { name: 'Play video' }));
    expect(play).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeInTheDocument();
  });

  it('stays on its poster for a visitor who prefers reduced motion, until they press play', async () => {
    prefersReducedMotion(true);
    const video = renderBanner();
    await pageIdle();
    expect(video).not.toHaveAttribute('src');
    expect(play).not.toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Play video' }));
    expect(video).toHaveAttribute('src', WOMEN_BANNER.video);
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeInTheDocument();
  });

  it('stands still while off-screen', async () => {
    let report: (entries: { isIntersecting: boolean }[]) => void = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    renderBanner();
    await pageIdle();
    expect(play).toHaveBeenCalledTimes(1);
    act(() => report([{ isIntersecting: false }]));
    expect(pause).toHaveBeenCalled();
    act(() => report([{ isIntersecting: true }]));
    expect(play).toHaveBeenCalledTimes(2);
  });
});
