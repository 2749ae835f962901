import type { Drop } from '@shop/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useSaveDrop } from './api/save-drop';
import {
  bodyOf,
  type DropFormErrors,
  type DropFormField,
  type DropFormValues,
  EMPTY_DROP_FORM,
  FIELD_ORDER,
  formFieldOf,
  formValuesOf,
} from './drop-form-values';
import { isEditable, STATE_LABELS } from './drops-view';

/** The server's reasons, field by field, for the fields the form has. */
function fieldErrorsOf(error: unknown): DropFormErrors {
  const found: DropFormErrors = {};
  if (!(error instanceof ApiError)) return found;
  for (const [serverField, reason] of Object.entries(error.fields)) {
    const field = formFieldOf(serverField);
    if (field && !found[field]) found[field] = reason;
  }
  return found;
}

/**
 * The drop form's state: the values as typed, the reasons beside the fields, the server's message, and
 * whether the drop may still change (a started one is shown read-only; the server's 409 says so too).
 */
export function useDropForm(drop: Drop | null, onSaved: (saved: Drop, added: boolean) => void) {
  const [values, setValues] = useState<DropFormValues>(drop ? formValuesOf(drop) : EMPTY_DROP_FORM);
  const [errors, setErrors] = useState<DropFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const save = useSaveDrop();
  const heading = useRef<HTMLHeadingElement>(null);
  const inputs = useRef<Partial<Record<DropFormField, HTMLElement | null>>>({});

  useEffect(() => heading.current?.focus(), []);

  const focusFirst = (found: DropFormErrors) => {
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
      onSaved(await save.mutateAsync({ id: drop?.id ?? null, body: prepared.body }), drop === null);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        setRefused(error.message);
        return;
      }
      const found = fieldErrorsOf(error);
      setErrors(found);
      setFailure(error instanceof Error ? error.message : 'The drop was not saved');
      focusFirst(found);
    }
  };

  return {
    values,
    errors,
    failure,
    dismissFailure: () => setFailure(null),
    /** Why the drop cannot change any more, or null while it can. */
    refused:
      refused ??
      (drop && !isEditable(drop) ? `It has started: ${STATE_LABELS[drop.state].toLowerCase()}.` : null),
    saving: save.isPending,
    heading,
    inputRef: (field: DropFormField) => (element: HTMLElement | null) => {
      inputs.current[field] = element;
    },
    change: <Field extends DropFormField>(field: Field, value: DropFormValues[Field]) =>
      setValues((current) => ({ ...current, [field]: value })),
    submit,
  };
}
