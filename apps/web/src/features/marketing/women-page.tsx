import { Link } from 'react-router';
import { ProductCarousel } from '../../components/product-carousel';
import { RegisterCta } from './marketing-sections';
import { VideoBanner } from './video-banner';
import './marketing.css';

/** `/women`: the video banner, 'Running Shoes', 'Womens Power', 'Other Nikes', the club and brand strips. */
export function WomenPage() {
  return (
    <main className="marketing-page">
      <title>Women · Sneaker Shop</title>
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
          <ProductCarousel
            title="adidas"
            params={{ brand: 'adidas' }}
            variant="strip"
            headingLevel={3}
            viewAllTo="/home?brand=adidas"
          />
          <ProductCarousel
            title="nike"
            params={{ brand: 'nike' }}
            variant="strip"
            headingLevel={3}
            viewAllTo="/home?brand=nike"
          />
          <ProductCarousel
            title="running"
            params={{ category: 'running' }}
            variant="strip"
            headingLevel={3}
            viewAllTo="/home?category=running"
          />
        </section>
      </div>
    </main>
  );
}
