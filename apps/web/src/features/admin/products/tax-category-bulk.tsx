import { TAX_CATEGORIES, type TaxCategory } from '@shop/contracts';
import { useId, useState } from 'react';
import { ConfirmModal, useAskFirst } from '../../../components/confirm-modal';
import { errorText } from '../../../lib/api';
import { isFiltered } from './product-query';
import { type AdminProductQuery, useSetTaxCategory } from './products-api';

const categoryName = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

/**
 * "Tax category…": sets the tax category of every product the list's filters match (archived ones too) in
 * one go, after saying how many that is; then says how many changed.
 */
export function TaxCategoryBulk({ query, total }: { query: AdminProductQuery; total: number | undefined }) {
  const id = useId();
  const asking = useAskFirst();
  const set = useSetTaxCategory();
  const [category, setCategory] = useState<TaxCategory>('standard');
  const [done, setDone] = useState('');
  const count = total === 1 ? '1 product' : `${total ?? 0} products`;
  const which = isFiltered(query) ? `The ${count} these filters match` : `All ${count} of the shop`;

  const apply = () =>
    asking.confirm(
      async () => {
        const result = await set.mutateAsync({ query, taxCategory: category });
        const changed = result.updated === 1 ? '1 product' : `${result.updated} products`;
        setDone(`Tax category ${categoryName(category)} set on ${changed}.`);
        asking.close();
      },
      (cause) => `The tax category was not set: ${errorText(cause)}`,
    );

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary admin-products__tax"
        disabled={!total}
        onClick={() => {
          setDone('');
          asking.ask();
        }}
      >
        Tax category…
      </button>
      <p className="visually-hidden" role="status">
        {done}
      </p>
      {done ? (
        <p className="admin-products__done small mb-0" aria-hidden="true">
          {done}
        </p>
      ) : null}
      <ConfirmModal
        {...asking.dialog}
        title="Set the tax category"
        confirmLabel="Set category"
        busyLabel="Setting…"
        onConfirm={apply}
      >
        <p>
          {which} (archived ones too) are taxed as the category you choose, at its rate wherever the shop
          collects tax. Orders already placed keep theirs.
        </p>
        <label className="form-label" htmlFor={`${id}-category`}>
          Tax category
        </label>
        <select
          id={`${id}-category`}
          className="form-select"
          value={category}
          onChange={(event) => setCategory(event.target.value as TaxCategory)}
        >
          {TAX_CATEGORIES.map((option) => (
            <option key={option} value={option}>
              {categoryName(option)}
            </option>
          ))}
        </select>
      </ConfirmModal>
    </>
  );
}
