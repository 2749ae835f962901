import type { Drop } from '@shop/contracts';
import { AlertError } from '../../../components/alert-error';
import { useAdminDrop } from './api/get-drop';
import { DropForm } from './drop-form';

interface DropFormPageProps {
  /** The drop to change, or null for a new one. */
  id: string | null;
  onSaved: (drop: Drop, added: boolean) => void;
  onCancel: () => void;
}

/** A drop's change, once the drop is read. */
function EditDrop({ id, onSaved, onCancel }: DropFormPageProps & { id: string }) {
  const drop = useAdminDrop(id);
  if (drop.isPending) {
    return (
      <div className="d-flex justify-content-center py-5" role="status">
        <span className="spinner-border text-dark" aria-hidden="true" />
        <span className="visually-hidden">Loading the drop</span>
      </div>
    );
  }
  if (drop.isError) {
    return (
      <AlertError
        message={`We could not load this drop: ${drop.error.message}`}
        dismissible={false}
        onRetry={() => drop.refetch()}
      />
    );
  }
  return <DropForm drop={drop.data} onSaved={onSaved} onCancel={onCancel} />;
}

/** The form to schedule a drop (`?new`) or to change one (`?edit=<id>`). */
export function DropFormPage({ id, onSaved, onCancel }: DropFormPageProps) {
  return (
    <section className="admin-drops admin-drops--form">
      {id ? (
        <EditDrop id={id} onSaved={onSaved} onCancel={onCancel} />
      ) : (
        <DropForm drop={null} onSaved={onSaved} onCancel={onCancel} />
      )}
    </section>
  );
}
