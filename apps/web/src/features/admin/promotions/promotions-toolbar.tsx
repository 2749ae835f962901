import { PROMOTION_STATE_LABELS, PROMOTION_STATES, type PromotionState } from '@shop/contracts';
import type { FormEvent } from 'react';
import type { PromotionsView } from './promotions-view';

interface PromotionsToolbarProps {
  id: string;
  view: PromotionsView;
  onSearch: (event: FormEvent<HTMLFormElement>) => void;
  onState: (state: PromotionState | '') => void;
}

/** The search by code (sent on submit) and the state filter (applied at once). */
export function PromotionsToolbar({ id, view, onSearch, onState }: PromotionsToolbarProps) {
  return (
    <div className="admin-promotions__tools">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some browsers and to jsdom */}
      <form
        key={view.search}
        role="search"
        aria-label="Promotions"
        className="admin-promotions__search"
        onSubmit={onSearch}
      >
        <label htmlFor={`${id}-search`} className="admin-promotions__label">
          Search by code
        </label>
        <div className="input-group">
          <input
            id={`${id}-search`}
            name="search"
            type="search"
            className="form-control"
            defaultValue={view.search}
            maxLength={32}
            autoComplete="off"
          />
          <button type="submit" className="btn btn-dark">
            Search
          </button>
        </div>
      </form>
      <div className="admin-promotions__filter">
        <label htmlFor={`${id}-state`} className="admin-promotions__label">
          State
        </label>
        <select
          id={`${id}-state`}
          className="form-select"
          value={view.state}
          onChange={(event) => onState(event.target.value as PromotionState | '')}
        >
          <option value="">All but archived</option>
          {PROMOTION_STATES.map((state) => (
            <option key={state} value={state}>
              {PROMOTION_STATE_LABELS[state]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
