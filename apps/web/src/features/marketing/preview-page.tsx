import { ProductCarousel } from '../../components/product-carousel';
import { SecondaryBanner } from '../../components/secondary-banner';
import { SneakerArt } from './sneaker-art';
import './marketing.css';

/** `/preview` (not linked anywhere): the marketing components side by side, for staff to check. */
export function PreviewPage() {
  return (
    <main className="container py-5">
      <title>Preview · Sneaker Shop</title>
      <p className="eyebrow">Staff preview</p>
      <h1 className="section-title display-title">Preview</h1>
      <p className="text-muted mb-5">Marketing components as they render on the shop's pages.</p>
      <div className="marketing-stack pt-0">
        <SecondaryBanner
          eyebrow="Secondary banner"
          title="Normal layout"
          text={<p>Image first, light colours and a dark button. Used for featured products.</p>}
          art={<SneakerArt />}
          to="/home"
        />
        <SecondaryBanner
          eyebrow="Secondary banner"
          title="Inverted layout"
          text={<p>Image on the other side, dark colours and an accent button.</p>}
          art={<SneakerArt upper="#1d1d1d" ink="#f5f5f3" />}
          to="/home"
          inverted
        />
        <ProductCarousel title="Product carousel" params={{ category: 'lifestyle' }} />
        <ProductCarousel title="Product strip" params={{ brand: 'vans' }} variant="strip" />
      </div>
    </main>
  );
}
