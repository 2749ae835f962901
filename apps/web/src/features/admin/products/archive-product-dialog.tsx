import { ConfirmModal } from '../../../components/confirm-modal';
import { errorText } from '../../../lib/api';
import type { AdminProduct } from './products-api';

interface ArchiveProductDialogProps {
  product: AdminProduct;
  busy: boolean;
  /** Why the last try failed, if it did. */
  error: Error | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Are you sure?' before a product's Delete, which archives it. */
export function ArchiveProductDialog({
  product,
  busy,
  error,
  onConfirm,
  onCancel,
}: ArchiveProductDialogProps) {
  return (
    <ConfirmModal
      show
      title="Are you sure?"
      confirmLabel="Delete"
      busyLabel="Deleting…"
      busy={busy}
      error={error ? `The product was not deleted: ${errorText(error)}` : null}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="mb-0">
        <strong>{product.name}</strong> leaves the shop: shoppers no longer see it, and past orders keep it.
        It stays in this list, marked archived.
      </p>
    </ConfirmModal>
  );
}
