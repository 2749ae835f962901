import type { Brand, MySizes, ShopperSize } from '@shop/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { PencilIcon } from '../../components/icons';
import { MySizesForm } from '../../components/my-sizes-form';
import { type CatalogSize, catalogSizeText } from '../../lib/catalog/catalog-params';
import { useSession } from '../../lib/session';
import { mySizeFor, useSizePrefs } from '../../lib/sizes';

const PANEL_ID = 'catalog-my-size';

/** The size "In my size" looks for: the brand's own when the list is of one brand, else the shopper's size. */
function sizeToUse(mySizes: MySizes, brand: Brand | undefined): ShopperSize | undefined {
  return brand ? mySizeFor(mySizes, brand) : mySizes.default;
}

/**
 * The catalogue's "In my size": turned on, the list holds only products with the shopper's size in stock
 * (`size` and `sizeSystem` in the address, so a shared link turns it on for anyone). A shopper without a
 * size is offered the form to give one, kept in their profile or, for a guest, in the browser.
 */
export function useInMySize({
  active,
  brand,
  onChange,
}: {
  /** The size the list is filtered by (from the address). */
  active: CatalogSize | undefined;
  /** The brand the list is filtered by, if one. */
  brand: Brand | undefined;
  onChange: (size: CatalogSize | undefined) => void;
}) {
  const { mySizes } = useSizePrefs();
  const mine = sizeToUse(mySizes, brand);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const toggle = () => {
    if (active) onChange(undefined);
    else if (mine) onChange(mine);
    else setOpen((was) => !was);
  };
  const saved = (next: MySizes) => {
    const size = sizeToUse(next, brand);
    setOpen(false);
    if (size) onChange(size);
    toggleRef.current?.focus();
  };
  return { active, mine, open, setOpen, toggle, saved, toggleRef };
}

type InMySize = ReturnType<typeof useInMySize>;

/** The toolbar's switch, and the button that opens the form to change the size. */
export function InMySizeToggle({ inMySize }: { inMySize: InMySize }) {
  const { active, mine, open, toggle, setOpen, toggleRef } = inMySize;
  const shown = active ?? mine;
  // Without a size, the switch opens the form that gives one.
  const asks = !active && !mine;
  return (
    <div className="catalog__my-size d-inline-flex gap-1">
      <button
        ref={toggleRef}
        type="button"
        className={`btn ${active ? 'btn-dark' : 'btn-outline-dark'} catalog__my-size-toggle`}
        aria-pressed={asks ? undefined : Boolean(active)}
        aria-expanded={asks ? open : undefined}
        aria-controls={asks ? PANEL_ID : undefined}
        onClick={toggle}
      >
        <span className="catalog__switch" aria-hidden="true" />
        In my size {shown ? <span className="catalog__my-size-value">{catalogSizeText(shown)}</span> : null}
      </button>
      {asks ? null : (
        <button
          type="button"
          className="btn btn-outline-dark catalog__my-size-edit"
          aria-label="Change my size"
          title="Change my size"
          aria-expanded={open}
          aria-controls={PANEL_ID}
          onClick={() => setOpen(!open)}
        >
          <PencilIcon />
        </button>
      )}
    </div>
  );
}

/** The form to give (or change) the shopper's sizes, under the toolbar while open. */
export function InMySizePanel({ inMySize }: { inMySize: InMySize }) {
  const { user } = useSession();
  if (!inMySize.open) return null;
  return (
    <section id={PANEL_ID} className="catalog__my-size-panel" aria-labelledby={`${PANEL_ID}-title`}>
      <div className="catalog__my-size-head">
        <div>
          <h2 id={`${PANEL_ID}-title`} className="h5 fw-bold mb-1">
            Your size
          </h2>
          <p className="shop-note mb-0">
            {inMySize.mine
              ? 'Change it here, and the catalogue finds what is in stock in your new size.'
              : 'Give your size once: "In my size" then shows only what is in stock in it.'}
            {user ? (
              <>
                {' '}
                <Link to="/account/profile#my-sizes" className="link-dark">
                  Your sizes in your account
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <button
          type="button"
          className="btn-close"
          aria-label="Close"
          onClick={() => {
            inMySize.setOpen(false);
            inMySize.toggleRef.current?.focus();
          }}
        />
      </div>
      <MySizesForm id="catalog-sizes" onSaved={inMySize.saved} />
    </section>
  );
}
