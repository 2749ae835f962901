import type { Promotion } from '@shop/contracts';
import { useStaffForm } from '../shared/use-staff-form';
import { useSavePromotion } from './api/save-promotion';
import {
  bodyOf,
  EMPTY_PROMOTION_FORM,
  FIELD_ORDER,
  formFieldOf,
  formValuesOf,
} from './promotion-form-values';

/**
 * The promotion form's state (shared/use-staff-form): the contracts' reasons beside the fields before
 * sending, the server's after, and the server's message when it names no field.
 */
export function usePromotionForm(promotion: Promotion | null, onSaved: (saved: Promotion) => void) {
  const save = useSavePromotion();
  return useStaffForm({
    initial: promotion ? formValuesOf(promotion) : EMPTY_PROMOTION_FORM,
    fields: FIELD_ORDER,
    bodyOf,
    fieldOf: formFieldOf,
    save: (body) => save.mutateAsync({ id: promotion?.id ?? null, body }),
    saving: save.isPending,
    onSaved,
    notSaved: 'The promotion was not saved',
  });
}
