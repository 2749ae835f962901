import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useOnScreen } from '../../components/carousel-hooks';

/** Brand tiles set in type (our own lettering, not the brands' logos), by brand. */
const BRANDS = {
  nike: 'Nike',
  champion: 'Champion',
  converse: 'Converse',
  gucci: 'Gucci',
  vans: 'Vans',
  adidas: 'adidas',
};

function BrandTiles({ copy }: { copy: boolean }) {
  return (
    <ul className="brand-marquee__list" aria-hidden={copy || undefined} inert={copy}>
      {Object.entries(BRANDS).map(([brand, label]) => (
        <li key={brand}>
          <Link to={`/home?brand=${brand}`} className={`brand-tile brand-tile--${brand}`}>
            <span className="brand-tile__name">{label}</span>
            <span className="visually-hidden"> sneakers</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The brand carousel: an endless strip of brand tiles, each opening the catalogue filtered by that brand.
 * It pauses on hover, on focus, off-screen and with its pause button, and stands still for reduced motion.
 */
export function BrandCarousel() {
  const [paused, setPaused] = useState(false);
  const section = useRef<HTMLElement>(null);
  const onScreen = useOnScreen(section);
  return (
    <section ref={section} className="brand-carousel" aria-labelledby="brand-carousel-title">
      <div className="container d-flex align-items-end justify-content-between gap-3 mb-3">
        <h2 id="brand-carousel-title" className="section-title m-0">
          Shop by brand
        </h2>
        <button type="button" className="brand-carousel__toggle" onClick={() => setPaused((value) => !value)}>
          {paused ? 'Play' : 'Pause'}
          <span className="visually-hidden"> brand carousel</span>
        </button>
      </div>
      <div className={`brand-marquee${paused || !onScreen ? ' is-paused' : ''}`}>
        <div className="brand-marquee__track">
          <BrandTiles copy={false} />
          <BrandTiles copy />
        </div>
      </div>
    </section>
  );
}
