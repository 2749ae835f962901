import { PROMOTION_STATE_LABELS, PROMOTION_STATES, type PromotionState } from '@shop/contracts';
import { SearchForm, SelectFilter } from '../shared/toolbar';
import type { PromotionsView } from './promotions-view';

const STATE_OPTIONS = [
  { value: '' as const, label: 'All but archived' },
  ...PROMOTION_STATES.map((state) => ({ value: state, label: PROMOTION_STATE_LABELS[state] })),
];

interface PromotionsToolbarProps {
  id: string;
  view: PromotionsView;
  onSearch: (search: string) => void;
  onState: (state: PromotionState | '') => void;
}

/** The search by code (sent on submit) and the state filter (applied at once). */
export function PromotionsToolbar({ id, view, onSearch, onState }: PromotionsToolbarProps) {
  return (
    <div className="admin-promotions__tools">
      <SearchForm
        id={`${id}-search`}
        name="Promotions"
        label="Search by code"
        field="search"
        value={view.search}
        maxLength={32}
        className="admin-promotions__search"
        onSearch={onSearch}
      />
      <SelectFilter
        id={`${id}-state`}
        label="State"
        value={view.state}
        options={STATE_OPTIONS}
        onChange={onState}
        className="admin-promotions__filter"
      />
    </div>
  );
}
