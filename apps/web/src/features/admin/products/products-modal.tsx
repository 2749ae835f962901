import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

interface ProductsModalProps {
  show: boolean;
  onHide: () => void;
  /** The title's id, which names the dialog. */
  titleId: string;
  title: ReactNode;
  /** The body scrolls, the title and buttons staying in view. */
  scrollable?: boolean;
  /** A click beside it does not close it (a form being filled in). */
  staticBackdrop?: boolean;
  children: ReactNode;
}

/** A dialog of the Products tab: large, the whole screen on a phone, headed by its title and a close button. */
export function ProductsModal({
  show,
  onHide,
  titleId,
  title,
  scrollable,
  staticBackdrop,
  children,
}: ProductsModalProps) {
  return (
    <Modal
      show={show}
      onHide={onHide}
      size="lg"
      fullscreen="md-down"
      scrollable={scrollable}
      backdrop={staticBackdrop ? 'static' : undefined}
      aria-labelledby={titleId}
      className="admin-products-modal"
    >
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="admin-products-modal__title">
          {title}
        </Modal.Title>
      </Modal.Header>
      {children}
    </Modal>
  );
}
