import { WOMEN_BANNER } from '@shop/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useOnScreen, useReducedMotion } from '../../components/carousel-hooks';
import { useMotionStarted } from '../../lib/motion';

/**
 * The women's page's video banner (spec section 1): the shop's own sneakers running across a dark stage,
 * a silent loop the shop draws from its catalogue (WOMEN_BANNER). The page comes with the poster (the
 * loop's first frame); the video itself is fetched only once the browser is idle after the page went live,
 * so it never competes with the page's loading. It plays muted and looped, stops while off-screen, has a
 * pause button (WCAG 2.2.2), and stays on its poster for visitors who prefer reduced motion until they
 * press play. Decorative: hidden from assistive technology, the heading and text are in `children`.
 */
export function VideoBanner({ titleId, children }: { titleId: string; children: ReactNode }) {
  const section = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const onScreen = useOnScreen(section);
  const reducedMotion = useReducedMotion();
  const idle = useMotionStarted();
  /** The visitor's own choice, once they pressed the button; until then, their motion setting decides. */
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const playing = choice === null ? !reducedMotion : choice === 'play';
  // Once fetched, kept: pausing does not drop what was loaded.
  const [load, setLoad] = useState(false);
  if (playing && idle && !load) setLoad(true);

  useEffect(() => {
    const element = video.current;
    if (!element || !load) return;
    element.muted = true;
    if (playing && onScreen) {
      // A browser may refuse (a data saver, say): the poster stays, which is fine.
      element.play()?.catch(() => {});
    } else {
      element.pause();
    }
  }, [load, playing, onScreen]);

  return (
    <section ref={section} className="video-banner" aria-labelledby={titleId}>
      <video
        ref={video}
        className="video-banner__video"
        poster={WOMEN_BANNER.poster}
        src={load ? WOMEN_BANNER.video : undefined}
        width={WOMEN_BANNER.width}
        height={WOMEN_BANNER.height}
        muted
        loop
        playsInline
        preload="none"
        disablePictureInPicture
        aria-hidden="true"
        tabIndex={-1}
      />
      <div className="video-banner__content">{children}</div>
      <button
        type="button"
        className="video-banner__toggle"
        onClick={() => setChoice(playing ? 'pause' : 'play')}
      >
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          {playing ? (
            <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
          ) : (
            <path d="M8 5v14l11-7z" fill="currentColor" />
          )}
        </svg>
        {playing ? 'Pause video' : 'Play video'}
      </button>
    </section>
  );
}
