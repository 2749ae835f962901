import type { Drop } from '@shop/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useStaffForm } from '../shared/use-staff-form';
import { useSaveDrop } from './api/save-drop';
import { DROP_FORM_RULES, EMPTY_DROP_FORM, formValuesOf } from './drop-form-values';
import { isEditable, STATE_LABELS } from './drops-view';

/**
 * The drop form's state (shared/use-staff-form), and whether the drop may still change: a started one is
 * shown read-only, and the server's 409 says so too.
 */
export function useDropForm(drop: Drop | null, onSaved: (saved: Drop, added: boolean) => void) {
  const [refused, setRefused] = useState<string | null>(null);
  const save = useSaveDrop();
  const form = useStaffForm({
    initial: drop ? formValuesOf(drop) : EMPTY_DROP_FORM,
    ...DROP_FORM_RULES,
    save: (body) => save.mutateAsync({ id: drop?.id ?? null, body }),
    saving: save.isPending,
    onSaved: (saved) => onSaved(saved, drop === null),
    notSaved: 'The drop was not saved',
    // The reasons beside the fields say it all; the server's summary ("Invalid body: ...") would repeat them.
    messageOnlyWithoutFields: true,
    refused: (error) => {
      if (!(error instanceof ApiError && error.code === 'CONFLICT')) return false;
      setRefused(error.message);
      return true;
    },
  });
  return {
    ...form,
    /** Why the drop cannot change any more, or null while it can. */
    refused:
      refused ??
      (drop && !isEditable(drop) ? `It has started: ${STATE_LABELS[drop.state].toLowerCase()}.` : null),
  };
}
