import { type FormEvent, useEffect, useId, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { usePromotions } from './api/get-promotions';
import { PromotionsTable } from './promotions-list';
import { PromotionsToolbar } from './promotions-toolbar';
import {
  exportHref,
  type PromotionsView,
  promotionsSearchParams,
  readPromotionsView,
  type SavedNotice,
} from './promotions-view';
import './promotions.css';

/** The list as it stands: loading, a failure with Retry, none found, or the table. */
function ListBody({ list, view }: { list: ReturnType<typeof usePromotions>; view: PromotionsView }) {
  if (list.isPending) {
    return (
      <div className="d-flex justify-content-center py-4" role="status">
        <span className="spinner-border text-dark" aria-hidden="true" />
        <span className="visually-hidden">Loading the promotions</span>
      </div>
    );
  }
  if (list.isError) {
    return (
      <AlertError
        message={`We could not load the promotions: ${list.error.message}`}
        dismissible={false}
        onRetry={() => list.refetch()}
      />
    );
  }
  if (list.data.promotions.length === 0 && view.page > 1) {
    return (
      <EmptyState text="There are no promotions on this page.">
        <Link to={`?${promotionsSearchParams({ ...view, page: 1 })}`} className="btn btn-dark">
          Back to the first page
        </Link>
      </EmptyState>
    );
  }
  if (list.data.promotions.length === 0) {
    const filtered = view.state !== '' || view.search !== '';
    return (
      <EmptyState
        text={
          filtered
            ? 'No promotion matches these filters.'
            : 'No promotions yet. Create a code shoppers can use at checkout.'
        }
      />
    );
  }
  return (
    <div className={list.isPlaceholderData ? 'is-loading' : undefined} aria-busy={list.isPlaceholderData}>
      <PromotionsTable promotions={list.data.promotions} />
    </div>
  );
}

/**
 * /account/promotions (staff): the promotion codes, newest first, filtered by state and searched by
 * code, one page at a time (all three in the address), with Export CSV of the same filters and New
 * promotion. Archived codes show only when their state is asked for.
 */
export function AdminPromotionsTab() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const view = readPromotionsView(params);
  const list = usePromotions(view);
  const location = useLocation();
  const navigate = useNavigate();
  const saved = (location.state as SavedNotice | null)?.saved;
  const heading = useRef<HTMLHeadingElement>(null);
  // Back from the form, whose button went away: the reader lands on the list's heading.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) heading.current?.focus();
  }, []);
  const go = (next: PromotionsView) => setParams(promotionsSearchParams(next), { preventScrollReset: true });
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    go({ ...view, search, page: 1 });
  };
  return (
    <section className="admin-promotions" aria-labelledby={`${id}-heading`}>
      <div className="admin-promotions__head">
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="admin-promotions__title">
          Promotions
        </h2>
        <div className="admin-promotions__head-actions">
          <a href={exportHref(view)} className="btn btn-outline-dark" download>
            Export CSV
          </a>
          <Link to="/account/promotions/new" className="btn btn-dark">
            New promotion
          </Link>
        </div>
      </div>
      <p className="admin-promotions__intro">
        Codes shoppers type at checkout. Uses count orders holding the code; discounted and sales are those of
        paid orders. Times show in your time zone.
      </p>
      {saved ? (
        <AlertSuccess
          message={saved}
          onClose={() => navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
          className="mb-3"
        />
      ) : null}
      <PromotionsToolbar
        id={id}
        view={view}
        onSearch={onSearch}
        onState={(state) => go({ ...view, state, page: 1 })}
      />
      <ListBody list={list} view={view} />
      {list.data && list.data.pages > 1 ? (
        <Pagination
          page={view.page}
          pages={list.data.pages}
          hrefFor={(page) => `?${promotionsSearchParams({ ...view, page })}`}
          label="Promotions pages"
          className="admin-promotions__pages"
        />
      ) : null}
    </section>
  );
}
