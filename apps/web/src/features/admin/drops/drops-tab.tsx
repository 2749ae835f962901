import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { EmptyState } from '../../../components/empty-state';
import { useStaffDrops } from './api/get-drops';
import { DropDetail } from './drop-detail';
import { DropFormPage } from './drop-form-page';
import { DropsTable } from './drops-list';
import { viewSearch } from './drops-view';
import { useDropsTab } from './use-drops-tab';
import './drops.css';

export const NO_DROPS_TEXT = 'No drops yet. Schedule one to release a product by a draw or first come.';

/** The list of drops with "New drop", and what it says while loading, on failure or with none. */
function DropsList() {
  const id = useId();
  const drops = useStaffDrops();
  const heading = useRef<HTMLHeadingElement>(null);
  // Back from a drop or the form, whose button went away: the reader lands on the list's heading.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) heading.current?.focus();
  }, []);
  const newLink = (
    <Link to={{ search: viewSearch({ kind: 'new' }) }} className="btn btn-dark">
      New drop
    </Link>
  );
  return (
    <section className="admin-drops" aria-labelledby={`${id}-heading`}>
      <div className="admin-drops__head">
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="admin-drops__title">
          Drops
        </h2>
        {newLink}
      </div>
      <p className="admin-drops__intro">
        Limited releases: a draw among entrants, provable by its published commitment and seed, or first come
        first served through a waiting room. Times show in your time zone.
      </p>
      {drops.isPending ? (
        <div className="d-flex justify-content-center py-4" role="status">
          <span className="spinner-border text-dark" aria-hidden="true" />
          <span className="visually-hidden">Loading the drops</span>
        </div>
      ) : drops.isError ? (
        <AlertError
          message={`We could not load the drops: ${drops.error.message}`}
          dismissible={false}
          onRetry={() => drops.refetch()}
        />
      ) : drops.data.length === 0 ? (
        <EmptyState text={NO_DROPS_TEXT} />
      ) : (
        <DropsTable drops={drops.data} />
      )}
    </section>
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
