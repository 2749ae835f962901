import { DROP_ENTRY_STATUSES, type DropEntryStatus, type StaffDropEntry } from '@shop/contracts';
import { useId } from 'react';
import { Pagination } from '../../../components/pagination';
import { formatInstant } from '../../../lib/dates';
import { QueryStatus } from '../shared/query-status';
import type { Tone } from '../shared/state-badge';
import { TableHead } from '../shared/table-head';
import { SelectFilter } from '../shared/toolbar';
import { ENTRY_STATUS_LABELS } from './drops-view';
import { useEntriesTable } from './use-entries-table';

const STATUS_OPTIONS = [
  { value: '' as const, label: 'All' },
  ...DROP_ENTRY_STATUSES.map((status) => ({ value: status, label: ENTRY_STATUS_LABELS[status] })),
];

/** An entry's status on its colour: entered and waiting on the plain grey. */
const ENTRY_TONES: Partial<Record<DropEntryStatus, Tone>> = { won: 'amber', bought: 'green', lapsed: 'red' };
const toneOf = (status: DropEntryStatus) =>
  ENTRY_TONES[status] ? ` admin-tone--${ENTRY_TONES[status]}` : '';

/** "12 entries", or "3 of 12 entries" when a status narrows them. */
function countText(all: boolean, matching: number, total: number): string {
  const noun = total === 1 ? 'entry' : 'entries';
  return all ? `${total} ${noun}` : `${matching} of ${total} ${noun}`;
}

function EntriesTable({ entries }: { entries: StaffDropEntry[] }) {
  return (
    <table className="admin-table admin-drops__entries">
      <caption className="visually-hidden">Entries</caption>
      <TableHead columns={['Entry', 'Entrant', 'Size', 'Status', 'Rank', 'Hold until', 'Paid']} />
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <th scope="row" className="admin-table__wide admin-drops__entry-id">
              <code title={entry.id}>{entry.id.slice(0, 8)}</code>
            </th>
            <td data-label="Entrant" className="admin-table__wide">
              {entry.user.username} <span className="admin-drops__email">{entry.user.email}</span>
            </td>
            <td data-label="Size">{entry.size}</td>
            <td data-label="Status">
              <span className={`admin-drops__entry-status${toneOf(entry.status)}`}>
                {ENTRY_STATUS_LABELS[entry.status]}
              </span>
            </td>
            <td data-label="Rank">{entry.rank ?? '—'}</td>
            <td data-label="Hold until" className="admin-drops__entry-hold">
              {entry.holdUntil ? (
                <time dateTime={entry.holdUntil}>{formatInstant(entry.holdUntil)}</time>
              ) : (
                '—'
              )}
            </td>
            <td data-label="Paid">{entry.paid ? 'Yes' : 'No'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The entries of a drop, filtered by status, a page at a time. */
export function DropEntries({ dropId }: { dropId: string }) {
  const id = useId();
  const table = useEntriesTable(dropId);
  const { entries, matching } = table;
  const total = entries.data?.length ?? 0;
  return (
    <section className="admin-drops__panel" aria-labelledby={`${id}-title`}>
      <div className="admin-drops__panel-head">
        <h3 id={`${id}-title`} className="admin-drops__panel-title">
          Entries
        </h3>
        <p className="admin-count" role="status">
          {entries.isSuccess ? countText(table.status === '', matching.length, total) : ''}
        </p>
        <SelectFilter
          id={`${id}-status`}
          label="Status"
          value={table.status}
          options={STATUS_OPTIONS}
          onChange={table.setStatus}
          className="admin-drops__filter"
          inline
          small
        />
      </div>
      {entries.isPending || entries.isError ? (
        <QueryStatus query={entries} what="the entries" spacing="py-3" small />
      ) : matching.length === 0 ? (
        <p className="admin-muted">{total === 0 ? 'No entries yet.' : 'No entry has that status.'}</p>
      ) : (
        <>
          <EntriesTable entries={table.shown} />
          {table.pages > 1 ? (
            <Pagination
              page={table.page}
              pages={table.pages}
              onChange={table.setPage}
              label="Pages of entries"
              className="mt-3"
            />
          ) : null}
        </>
      )}
    </section>
  );
}
