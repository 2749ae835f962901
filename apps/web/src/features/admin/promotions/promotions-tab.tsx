import { useId } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AlertSuccess } from '../../../components/alert-success';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { useFocusWhenLost } from '../shared/focus';
import { QueryStatus } from '../shared/query-status';
import { StaffPage } from '../shared/staff-page';
import { ExportLink } from '../shared/toolbar';
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
import '../shared/admin.css';
import './promotions.css';

/** The list as it stands: loading, a failure with Retry, none found, or the table. */
function ListBody({ list, view }: { list: ReturnType<typeof usePromotions>; view: PromotionsView }) {
  if (list.isPending || list.isError) {
    return <QueryStatus query={list} what="the promotions" spacing="py-4" />;
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
  const heading = useFocusWhenLost();
  const go = (next: PromotionsView) => setParams(promotionsSearchParams(next), { preventScrollReset: true });
  return (
    <StaffPage
      id={id}
      className="admin-promotions"
      title="Promotions"
      headingRef={heading}
      actions={
        <div className="admin-head__actions">
          <ExportLink href={exportHref(view)} />
          <Link to="/account/promotions/new" className="btn btn-dark">
            New promotion
          </Link>
        </div>
      }
      intro="Codes shoppers type at checkout. Uses count orders holding the code; discounted and sales are those of paid orders. Times show in your time zone."
    >
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
        onSearch={(search) => go({ ...view, search, page: 1 })}
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
    </StaffPage>
  );
}
