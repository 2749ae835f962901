import { errorText } from '../../../lib/api';
import { ConfirmDelete } from '../shared/confirm-delete';
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
export function ArchiveProductDialog({ product, error, ...dialog }: ArchiveProductDialogProps) {
  return (
    <ConfirmDelete show error={error ? `The product was not deleted: ${errorText(error)}` : null} {...dialog}>
      <p className="mb-0">
        <strong>{product.name}</strong> leaves the shop: shoppers no longer see it, and past orders keep it.
        It stays in this list, marked archived.
      </p>
    </ConfirmDelete>
  );
}
