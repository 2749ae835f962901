import { useId } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useFocusWhenLost } from '../shared/focus';
import { QueryStatus } from '../shared/query-status';
import { StaffPage } from '../shared/staff-page';
import { useStaffDrops } from './api/get-drops';
import { DropDetail } from './drop-detail';
import { DropFormPage } from './drop-form-page';
import { DropsTable } from './drops-list';
import { viewSearch } from './drops-view';
import { useDropsTab } from './use-drops-tab';
import '../shared/admin.css';
import './drops.css';

export const NO_DROPS_TEXT = 'No drops yet. Schedule one to release a product by a draw or first come.';

/** The list of drops with "New drop", and what it says while loading, on failure or with none. */
function DropsList() {
  const id = useId();
  const drops = useStaffDrops();
  const heading = useFocusWhenLost();
  return (
    <StaffPage
      id={id}
      className="admin-drops"
      title="Drops"
      headingRef={heading}
      actions={
        <Link to={{ search: viewSearch({ kind: 'new' }) }} className="btn btn-dark">
          New drop
        </Link>
      }
      intro="Limited releases: a draw among entrants, provable by its published commitment and seed, or first come first served through a waiting room. Times show in your time zone."
    >
      {drops.isPending || drops.isError ? (
        <QueryStatus query={drops} what="the drops" spacing="py-4" />
      ) : drops.data.length === 0 ? (
        <EmptyState text={NO_DROPS_TEXT} />
      ) : (
        <DropsTable drops={drops.data} />
      )}
    </StaffPage>
  );
}

/**
 * /account/drops (staff): the drops, newest release first; `?new` and `?edit=<id>` the form to schedule or
 * change one; `?drop=<id>` one drop with its sizes, proof, draw and entries. Back and a reload keep the view.
 */
export function AdminDropsTab() {
  const tab = useDropsTab();
  const { view } = tab;
  const toList = () => tab.show({ kind: 'list' });
  if (view.kind === 'new' || view.kind === 'edit') {
    return (
      <DropFormPage
        key={view.kind === 'edit' ? view.id : 'new'}
        id={view.kind === 'edit' ? view.id : null}
        onSaved={tab.onSaved}
        onCancel={() => (view.kind === 'edit' ? tab.show({ kind: 'detail', id: view.id }) : toList())}
      />
    );
  }
  if (view.kind === 'detail') {
    return (
      <DropDetail
        key={view.id}
        id={view.id}
        done={tab.done}
        onDismissDone={tab.dismissDone}
        onBack={toList}
        onEdit={() => tab.show({ kind: 'edit', id: view.id })}
      />
    );
  }
  return <DropsList />;
}
