import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MySizesForm } from '../../../components/my-sizes-form';
import { ShopCard } from '../../../components/shop-card';

/** Where links open the section: /account/profile#my-sizes. */
const MY_SIZES_HASH = '#my-sizes';

/** The profile's "My sizes": the system sizes show in, the shopper's size, and a size per brand. */
export function MySizes() {
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === MY_SIZES_HASH) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return (
    <div id={MY_SIZES_HASH.slice(1)} ref={ref} className="account-anchor">
      <ShopCard headingId="my-sizes-heading" title="My sizes" titleClassName="account-card__title">
        <p className="account-card__lead">
          Give your size once: the catalogue finds what is in stock in it, and product pages pick it for you.
        </p>
        <MySizesForm id="account-sizes" />
      </ShopCard>
    </div>
  );
}
