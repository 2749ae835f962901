import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { dropQuery, myDropEntryQuery } from '../../lib/drops/drops-api';
import { useSession } from '../../lib/session';

/** /drops/:id: the drop, and the signed-in shopper's own entry (to highlight it in the draw). */
export function useDropPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const query = useQuery(dropQuery(id));
  const isDraw = query.data?.mode === 'draw';
  const verified = Boolean(user?.emailVerified);
  const entryQuery = useQuery({ ...myDropEntryQuery(id, user?.uid ?? ''), enabled: verified && isDraw });
  return { query, myEntryId: verified ? (entryQuery.data?.id ?? null) : null };
}
