import type { Product } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CreateProductForm } from './create-product-form';
import { ProductsModal } from './products-modal';

/** Spec section 2: what the create form says once the product is stored. */
export const CREATED_TEXT = 'Your product was upload';

interface CreateProductModalProps {
  show: boolean;
  onHide: () => void;
}

/** The 'Add' dialog: the create form, then 'Your product was upload' with Back, Add another and Close. */
export function CreateProductModal({ show, onHide }: CreateProductModalProps) {
  return (
    <ProductsModal
      show={show}
      onHide={onHide}
      titleId="admin-create-title"
      title="Add a product"
      staticBackdrop
    >
      {/* Mounted only while open, so each opening starts from an empty form. */}
      {show ? <CreateProduct onHide={onHide} /> : null}
    </ProductsModal>
  );
}

function CreateProduct({ onHide }: { onHide: () => void }) {
  const [created, setCreated] = useState<Product | null>(null);
  const [round, setRound] = useState(0);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (created) doneRef.current?.focus();
  }, [created]);

  if (created) {
    return (
      <>
        <div className="modal-body text-center py-5 admin-created">
          <h3 ref={doneRef} tabIndex={-1} className="admin-created__title">
            {CREATED_TEXT}
          </h3>
          <p className="text-muted mb-0">
            <strong className="text-body">{created.name}</strong> is now in the catalogue.
          </p>
        </div>
        <div className="modal-footer justify-content-center">
          <Link to="/home" className="btn btn-outline-dark">
            Back
          </Link>
          <button
            type="button"
            className="btn btn-outline-dark"
            onClick={() => {
              setCreated(null);
              setRound((value) => value + 1);
            }}
          >
            Add another product
          </button>
          <button type="button" className="btn btn-dark" onClick={onHide}>
            Close
          </button>
        </div>
      </>
    );
  }
  return <CreateProductForm key={round} onCreated={setCreated} onCancel={onHide} />;
}
