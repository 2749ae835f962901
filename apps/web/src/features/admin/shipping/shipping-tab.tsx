import { countryName, formatPrice, type StaffShippingMethod } from '@shop/contracts';
import { useId, useRef, useState } from 'react';
import { AlertSuccess } from '../../../components/alert-success';
import { ConfirmDelete } from '../shared/confirm-delete';
import { QueryStatus } from '../shared/query-status';
import { StaffPage } from '../shared/staff-page';
import { useDeleteShippingMethod, useStaffShippingMethods } from './api/shipping-methods';
import { ShippingForm } from './shipping-form';
import '../shared/admin.css';
import './shipping.css';
import { TableHead } from '../shared/table-head';

export const DELETE_METHOD_TITLE = 'Delete this shipping method?';

/** "3-5 days", "1 day", or "—" when the method promises none. */
function estimateOf(method: StaffShippingMethod): string {
  if (!method.estimateDays) return '—';
  const [min, max] = method.estimateDays;
  return `${min === max ? min : `${min}-${max}`} ${max === 1 ? 'day' : 'days'}`;
}

function countriesOf(method: StaffShippingMethod): string {
  return method.countries.length === 0 ? 'Every country' : method.countries.join(', ');
}

type Editing = { method: StaffShippingMethod | null } | null;

/**
 * /account/shipping (admins): the shop's shipping methods (inactive ones too), a form to add or change
 * one, and Delete after asking; a method that orders name is archived instead, and the message says so.
 */
export function AdminShippingTab() {
  const id = useId();
  const methods = useStaffShippingMethods();
  const remove = useDeleteShippingMethod();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<StaffShippingMethod | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    const { archived } = await remove.mutateAsync(deleting);
    setDone(
      archived
        ? `"${deleting.name}" is named by orders, so it was archived instead of deleted: it is no longer offered, and those orders keep it.`
        : `"${deleting.name}" was deleted.`,
    );
    setDeleting(null);
  };

  return (
    <StaffPage
      id={id}
      className="admin-shipping"
      title="Shipping"
      headingRef={heading}
      actions={
        editing ? null : (
          <button
            ref={addButton}
            type="button"
            className="btn btn-dark"
            onClick={() => {
              setDone(null);
              setEditing({ method: null });
            }}
          >
            Add a method
          </button>
        )
      }
      intro="The ways an order can travel. Buyers see the active methods that ship to their country, cheapest first; orders keep the name and price they were charged."
    >
      {done ? (
        <AlertSuccess key={done} message={done} onClose={() => setDone(null)} className="mb-3" />
      ) : null}

      {editing ? (
        <ShippingForm
          key={editing.method?.id ?? 'new'}
          method={editing.method}
          onSaved={(saved, added) => {
            setEditing(null);
            setDone(added ? `"${saved.name}" was added.` : `"${saved.name}" was saved.`);
            heading.current?.focus();
          }}
          onCancel={() => {
            setEditing(null);
            heading.current?.focus();
          }}
        />
      ) : null}

      {methods.isPending || methods.isError ? (
        <QueryStatus query={methods} what="the shipping methods" spacing="py-4" dismissible />
      ) : methods.data.length === 0 ? (
        <p className="admin-shipping__empty">
          No shipping methods: buyers cannot check out until you add one.
        </p>
      ) : (
        <MethodsTable
          methods={methods.data}
          onEdit={(method) => {
            setDone(null);
            setEditing({ method });
          }}
          onDelete={(method) => {
            setDone(null);
            remove.reset();
            setDeleting(method);
          }}
        />
      )}

      <ConfirmDelete
        show={deleting !== null}
        title={DELETE_METHOD_TITLE}
        busy={remove.isPending}
        error={remove.error ? remove.error.message : null}
        onConfirm={() => {
          confirmDelete().catch(() => undefined);
        }}
        onCancel={() => setDeleting(null)}
        onExited={() => heading.current?.focus()}
      >
        {deleting ? (
          <p className="mb-0">
            <strong>{deleting.name}</strong> will no longer be offered. If orders were shipped by it, it is
            archived instead of deleted, and they keep it.
          </p>
        ) : null}
      </ConfirmDelete>
    </StaffPage>
  );
}

function MethodsTable({
  methods,
  onEdit,
  onDelete,
}: {
  methods: StaffShippingMethod[];
  onEdit: (method: StaffShippingMethod) => void;
  onDelete: (method: StaffShippingMethod) => void;
}) {
  return (
    <table className="admin-table admin-shipping__table">
      <caption className="visually-hidden">Shipping methods, cheapest first</caption>
      <TableHead columns={['Name', 'Price', 'Free above', 'Countries', 'Estimate', 'Active']} actions />
      <tbody>
        {methods.map((method) => (
          <tr key={method.id} className={method.active ? undefined : 'admin-shipping__row--inactive'}>
            <th scope="row" className="admin-table__wide admin-shipping__name">
              {method.name}
            </th>
            <td data-label="Price">{method.price === 0 ? 'Free' : formatPrice(method.price)}</td>
            <td data-label="Free above">{method.freeAbove === null ? '—' : formatPrice(method.freeAbove)}</td>
            <td data-label="Countries">
              <span title={method.countries.map(countryName).join(', ') || undefined}>
                {countriesOf(method)}
              </span>
            </td>
            <td data-label="Estimate">{estimateOf(method)}</td>
            <td data-label="Active">
              <span
                className={`admin-shipping__badge admin-shipping__badge--${method.active ? 'on' : 'off'}`}
              >
                {method.active ? 'Active' : 'Inactive'}
              </span>
            </td>
            <td className="admin-shipping__actions">
              <button
                type="button"
                className="btn btn-outline-dark btn-sm"
                onClick={() => onEdit(method)}
                aria-label={`Change ${method.name}`}
              >
                Change
              </button>
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                onClick={() => onDelete(method)}
                aria-label={`Delete ${method.name}`}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
