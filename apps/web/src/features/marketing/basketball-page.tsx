import { GENDERS, type Gender } from '@shop/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ProductCarousel } from '../../components/product-carousel';
import { CataloguePageHead } from './catalogue-page-head';
import { OnlyBasketball, RegisterCta } from './marketing-sections';
import { BasketballArt, SneakerArt } from './sneaker-art';
import './marketing.css';

const GENDER_LABELS: Record<Gender, string> = { men: 'Men', women: 'Women', unisex: 'Unisex' };

/** Basketball shoes for one gender at a time, picked with a segmented control. */
function BasketballByGender() {
  const [gender, setGender] = useState<Gender>('men');
  return (
    <section className="by-gender" aria-labelledby="by-gender-title">
      <div className="by-gender__head">
        <h2 id="by-gender-title" className="section-title m-0">
          Basketball shoes by gender
        </h2>
        <fieldset className="segmented">
          <legend className="visually-hidden">Show basketball shoes for</legend>
          {GENDERS.map((value) => (
            <button
              key={value}
              type="button"
              className={`segmented__btn${value === gender ? ' is-active' : ''}`}
              aria-pressed={value === gender}
              onClick={() => setGender(value)}
            >
              {GENDER_LABELS[value]}
            </button>
          ))}
        </fieldset>
      </div>
      <ProductCarousel
        key={gender}
        title={`${GENDER_LABELS[gender]}’s basketball`}
        params={{ category: 'basketball', gender }}
        variant="strip"
        headingLevel={3}
        viewAllTo={`/home?category=basketball&gender=${gender}`}
      />
    </section>
  );
}

/** `/basketball`: a court hero, 'Only Basketball', the featured banners, shoes by gender and the club CTA. */
export function BasketballPage() {
  return (
    <main className="marketing-page">
      <title>Basketball · Sneaker Shop</title>
      <CataloguePageHead
        name="Basketball"
        path="/basketball"
        description="Basketball sneakers for the court and the street, for men and women, from Jordans to everyday pairs."
      />
      <section className="court-hero" aria-labelledby="court-hero-title">
        <svg
          className="court-hero__lines"
          viewBox="0 0 1200 500"
          preserveAspectRatio="xMidYMid slice"
          aria-hidden="true"
        >
          <g fill="none" stroke="rgba(255,255,255,.14)" strokeWidth="4">
            <rect x="-20" y="40" width="1240" height="420" />
            <path d="M600 40v420" />
            <circle cx="600" cy="250" r="90" />
            <path d="M-20 130h220v240H-20M1220 130h-220v240h220" />
            <path d="M200 160a90 90 0 0 1 0 180M1000 160a90 90 0 0 0 0 180" />
          </g>
        </svg>
        <div className="container court-hero__inner">
          <div className="court-hero__copy">
            <p className="eyebrow">Basket</p>
            <h1 id="court-hero-title" className="court-hero__title">
              Basketball
            </h1>
            <p className="court-hero__text">
              Grip for quick cuts, cushioning for hard landings and support when the game speeds up. Shoes
              built for the court, and good enough for the street.
            </p>
            <Link to="/home?category=basketball" className="btn btn-accent btn-lg rounded-pill px-4">
              Shop basketball
            </Link>
          </div>
          <div className="court-hero__art">
            <BasketballArt className="court-hero__ball" />
            <SneakerArt className="court-hero__shoe" upper="#f5f5f3" />
          </div>
        </div>
      </section>
      <div className="container marketing-stack">
        <OnlyBasketball />
        <BasketballByGender />
        <RegisterCta />
      </div>
    </main>
  );
}
