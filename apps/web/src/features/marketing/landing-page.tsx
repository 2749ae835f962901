import { ProductCarousel } from '../../components/product-carousel';
import { BrandCarousel } from './brand-carousel';
import { PromoHero } from './featured-banners';
import { LandingHead } from './landing-head';
import {
  OnlyBasketball,
  QualityBanner,
  RegisterCta,
  Testimonials,
  WelcomeBanner,
} from './marketing-sections';
import { NextDrops } from './next-drops';
import './marketing.css';

/** `/`: the featured Air Jordan, two carousels, the promo banners and the shop's marketing sections. */
export function LandingPage() {
  return (
    <main className="marketing-page">
      <title>Sneaker Shop · Basketball, running and lifestyle sneakers</title>
      <LandingHead />
      <PromoHero />
      <div className="container marketing-stack">
        <OnlyBasketball />
        <NextDrops />
        <ProductCarousel
          title="for men"
          params={{ category: 'lifestyle' }}
          viewAllTo="/home?category=lifestyle"
        />
        <WelcomeBanner />
      </div>
      <BrandCarousel />
      <div className="container marketing-stack">
        <QualityBanner />
        <Testimonials />
        <RegisterCta />
      </div>
    </main>
  );
}
