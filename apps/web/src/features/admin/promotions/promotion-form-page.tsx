import type { Promotion } from '@shop/contracts';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryStatus } from '../shared/query-status';
import { usePromotion } from './api/get-promotions';
import { PromotionForm } from './promotion-form';
import { PromotionStatusPanel } from './promotion-status';
import type { SavedNotice } from './promotions-view';
import '../shared/admin.css';
import './promotions.css';

const LIST = '/account/promotions';

/** A saved promotion's form, once it is read, with its status and Pause / Resume / Archive. */
function EditPromotion({
  id,
  onSaved,
  onCancel,
}: {
  id: string;
  onSaved: (p: Promotion) => void;
  onCancel: () => void;
}) {
  const promotion = usePromotion(id);
  if (promotion.isPending || promotion.isError) {
    return (
      <>
        <QueryStatus query={promotion} loading="Loading the promotion" what="this promotion" />
        {promotion.isError ? (
          <Link to={LIST} className="btn btn-outline-dark">
            Back to the promotions
          </Link>
        ) : null}
      </>
    );
  }
  return (
    <>
      <PromotionForm promotion={promotion.data} onSaved={onSaved} onCancel={onCancel} />
      <PromotionStatusPanel promotion={promotion.data} />
    </>
  );
}

/**
 * /account/promotions/new and /account/promotions/:id (staff): the form to create a promotion or change
 * one; a save goes back to the list, which says what was saved.
 */
export function AdminPromotionFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const toList = () => navigate(LIST);
  const onSaved = (promotion: Promotion) => {
    const notice: SavedNotice = {
      saved: id
        ? `The changes to ${promotion.code} are saved.`
        : `The promotion ${promotion.code} is created.`,
    };
    navigate(LIST, { state: notice });
  };
  return (
    <section className="admin-page admin-promotions admin-promotions--form">
      {id ? (
        <EditPromotion key={id} id={id} onSaved={onSaved} onCancel={toList} />
      ) : (
        <PromotionForm promotion={null} onSaved={onSaved} onCancel={toList} />
      )}
    </section>
  );
}
