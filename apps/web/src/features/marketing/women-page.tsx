import { Link } from 'react-router';
import { ProductCarousel } from '../../components/product-carousel';
import type { ProductListParams } from '../../lib/catalog/catalog-queries';
import { CataloguePageHead } from './catalogue-page-head';
import { RegisterCta } from './marketing-sections';
import { VideoBanner } from './video-banner';
import './marketing.css';

/** The strips at the foot of the page: one brand or category each. */
const STRIPS: { title: string; params: ProductListParams; viewAllTo: string }[] = [
  { title: 'adidas', params: { brand: 'adidas' }, viewAllTo: '/home?brand=adidas' },
  { title: 'nike', params: { brand: 'nike' }, viewAllTo: '/home?brand=nike' },
  { title: 'running', params: { category: 'running' }, viewAllTo: '/home?category=running' },
];

/** `/women`: the video banner, 'Running Shoes', 'Womens Power', 'Other Nikes', the club and brand strips. */
export function WomenPage() {
  return (
    <main className="marketing-page">
      <title>Women · Sneaker Shop</title>
      <CataloguePageHead
        name="Women"
        path="/women"
        description="Running, training and everyday sneakers picked for women: fit first, from the smallest half size up."
      />
      <div className="container pt-4">
        <VideoBanner titleId="women-banner-title">
          <p className="eyebrow eyebrow--light">Women</p>
          <h1 id="women-banner-title" className="video-banner__title">
            Made to move
          </h1>
          <p className="video-banner__text">Running, training and everyday pairs, picked for women.</p>
          <Link to="/home?gender=women" className="btn btn-accent btn-lg rounded-pill px-4">
            Shop women
          </Link>
        </VideoBanner>
      </div>
      <div className="container marketing-stack">
        <ProductCarousel
          title="Running Shoes"
          params={{ category: 'running', gender: 'women' }}
          viewAllTo="/home?category=running&gender=women"
        />
        <section className="power-block" aria-labelledby="womens-power-title">
          <h2 id="womens-power-title" className="power-block__title">
            Womens Power
          </h2>
          <div className="power-block__body">
            <p className="power-block__lead">
              Strength is not a size. Whether it is your first 5K, a morning on the court or a long day on
              your feet, the right pair carries you further.
            </p>
            <p>
              We choose women’s sneakers for fit first: narrower heels, lighter cushioning and sizes from the
              smallest half size up. Then we look for the colours and the stories that make a pair yours.
            </p>
          </div>
        </section>
        <ProductCarousel
          title="Other Nikes"
          params={{ brand: 'nike', gender: 'women' }}
          viewAllTo="/home?brand=nike&gender=women"
        />
        <RegisterCta
          title="Join our Club"
          text="Members save favourites, follow every order and get to review the pairs they bought."
          buttonLabel="Join our Club"
        />
        <section className="strips" aria-labelledby="strips-title">
          <h2 id="strips-title" className="visually-hidden">
            More to explore
          </h2>
          {STRIPS.map((strip) => (
            <ProductCarousel key={strip.title} {...strip} variant="strip" headingLevel={3} />
          ))}
        </section>
      </div>
    </main>
  );
}
