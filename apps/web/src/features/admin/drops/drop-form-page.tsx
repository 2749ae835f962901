import type { Drop } from '@shop/contracts';
import { QueryStatus } from '../shared/query-status';
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
  if (drop.isPending || drop.isError) {
    return <QueryStatus query={drop} loading="Loading the drop" what="this drop" />;
  }
  return <DropForm drop={drop.data} onSaved={onSaved} onCancel={onCancel} />;
}

/** The form to schedule a drop (`?new`) or to change one (`?edit=<id>`). */
export function DropFormPage({ id, onSaved, onCancel }: DropFormPageProps) {
  return (
    <section className="admin-page admin-drops admin-drops--form">
      {id ? (
        <EditDrop id={id} onSaved={onSaved} onCancel={onCancel} />
      ) : (
        <DropForm drop={null} onSaved={onSaved} onCancel={onCancel} />
      )}
    </section>
  );
}
