import type { Promotion } from '@shop/contracts';
import { useStaffForm } from '../shared/use-staff-form';
import { useSavePromotion } from './api/save-promotion';
import { EMPTY_PROMOTION_FORM, formValuesOf, PROMOTION_FORM_RULES } from './promotion-form-values';

/**
 * The promotion form's state (shared/use-staff-form): the contracts' reasons beside the fields before
 * sending, the server's after, and the server's message when it names no field.
 */
export function usePromotionForm(promotion: Promotion | null, onSaved: (saved: Promotion) => void) {
  const save = useSavePromotion();
  return useStaffForm({
    initial: promotion ? formValuesOf(promotion) : EMPTY_PROMOTION_FORM,
    ...PROMOTION_FORM_RULES,
    save: (body) => save.mutateAsync({ id: promotion?.id ?? null, body }),
    saving: save.isPending,
    onSaved,
    notSaved: 'The promotion was not saved',
  });
}
