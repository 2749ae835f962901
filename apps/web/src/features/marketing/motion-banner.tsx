import { type ReactNode, useRef, useState } from 'react';
import { useOnScreen } from '../../components/carousel-hooks';
import { SneakerArt } from './sneaker-art';

/**
 * The women's page 'video banner', made with CSS animation instead of a video file: a sneaker on the run
 * over a moving track, with drifting shapes and a looping word strip. It loops silently, has a pause
 * button, stops while off-screen, and stands still for visitors who prefer reduced motion. Everything
 * moves by transform, so the compositor runs it without the main thread.
 */
export function MotionBanner({ children }: { children: ReactNode }) {
  const [paused, setPaused] = useState(false);
  const section = useRef<HTMLElement>(null);
  const onScreen = useOnScreen(section);
  return (
    <section
      ref={section}
      className={`motion-banner${paused || !onScreen ? ' is-paused' : ''}`}
      aria-labelledby="motion-banner-title"
    >
      <div className="motion-banner__scene" aria-hidden="true">
        <div className="motion-banner__words">
          <span>Run · Train · Repeat · Run · Train · Repeat ·&nbsp;</span>
          <span>Run · Train · Repeat · Run · Train · Repeat ·&nbsp;</span>
        </div>
        <div className="motion-banner__stage">
          <span className="motion-banner__blob motion-banner__blob--one" />
          <span className="motion-banner__blob motion-banner__blob--two" />
          <span className="motion-banner__blob motion-banner__blob--three" />
          <div className="motion-banner__ground" />
          <div className="motion-banner__runner">
            <span className="motion-banner__speed" />
            <span className="motion-banner__speed motion-banner__speed--short" />
            <SneakerArt className="motion-banner__shoe" upper="#fff4ee" accent="var(--shop-accent)" />
          </div>
        </div>
      </div>
      <div className="motion-banner__content">{children}</div>
      <button type="button" className="motion-banner__toggle" onClick={() => setPaused((value) => !value)}>
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          {paused ? (
            <path d="M8 5v14l11-7z" fill="currentColor" />
          ) : (
            <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
          )}
        </svg>
        {paused ? 'Play animation' : 'Pause animation'}
      </button>
    </section>
  );
}
