import type { DropEntryStatus } from '@shop/contracts';
import { useState } from 'react';
import { useDropEntries } from './api/get-drop-entries';

/** Entries shown a page at a time: a draw may have thousands. */
export const ENTRIES_PER_PAGE = 25;

/** A drop's entries, narrowed to one status if chosen, one page of them at a time. */
export function useEntriesTable(dropId: string) {
  const entries = useDropEntries(dropId);
  const [status, setStatus] = useState<DropEntryStatus | ''>('');
  const [page, setPage] = useState(1);
  const matching = (entries.data ?? []).filter((entry) => status === '' || entry.status === status);
  const pages = Math.ceil(matching.length / ENTRIES_PER_PAGE);
  const current = Math.min(page, Math.max(pages, 1));
  return {
    entries,
    status,
    matching,
    page: current,
    pages,
    shown: matching.slice((current - 1) * ENTRIES_PER_PAGE, current * ENTRIES_PER_PAGE),
    setStatus: (next: DropEntryStatus | '') => {
      setStatus(next);
      setPage(1);
    },
    setPage,
  };
}
