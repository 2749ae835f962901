import type { Promotion } from '@shop/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useSavePromotion } from './api/save-promotion';
import {
  bodyOf,
  EMPTY_PROMOTION_FORM,
  FIELD_ORDER,
  formFieldOf,
  formValuesOf,
  type PromotionFormErrors,
  type PromotionFormField,
  type PromotionFormValues,
} from './promotion-form-values';

/** The server's reasons, field by field, for the fields the form has. */
function fieldErrorsOf(error: unknown): PromotionFormErrors {
  const found: PromotionFormErrors = {};
  if (!(error instanceof ApiError)) return found;
  for (const [serverField, reason] of Object.entries(error.fields)) {
    const field = formFieldOf(serverField);
    if (field && !found[field]) found[field] = reason;
  }
  return found;
}

/**
 * The promotion form's state: the values as typed, the reasons beside the fields (the contracts' before
 * sending, the server's after), and the server's message when it names no field.
 */
export function usePromotionForm(promotion: Promotion | null, onSaved: (saved: Promotion) => void) {
  const [values, setValues] = useState<PromotionFormValues>(
    promotion ? formValuesOf(promotion) : EMPTY_PROMOTION_FORM,
  );
  const [errors, setErrors] = useState<PromotionFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSavePromotion();
  const heading = useRef<HTMLHeadingElement>(null);
  const inputs = useRef<Partial<Record<PromotionFormField, HTMLElement | null>>>({});

  useEffect(() => heading.current?.focus(), []);

  const focusFirst = (found: PromotionFormErrors) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const prepared = bodyOf(values);
    if ('errors' in prepared) {
      setErrors(prepared.errors);
      focusFirst(prepared.errors);
      return;
    }
    setErrors({});
    try {
      onSaved(await save.mutateAsync({ id: promotion?.id ?? null, body: prepared.body }));
    } catch (error) {
      const found = fieldErrorsOf(error);
      setErrors(found);
      setFailure(error instanceof Error ? error.message : 'The promotion was not saved');
      focusFirst(found);
    }
  };

  return {
    values,
    errors,
    failure,
    dismissFailure: () => setFailure(null),
    saving: save.isPending,
    heading,
    inputRef: (field: PromotionFormField) => (element: HTMLElement | null) => {
      inputs.current[field] = element;
    },
    change: (patch: Partial<PromotionFormValues>) => setValues((current) => ({ ...current, ...patch })),
    submit,
  };
}
