import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useFocusOnMount } from './focus';

/** The reasons a form shows beside its fields, field by field. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export interface StaffFormOptions<Values, Field extends string, Body, Saved> {
  /** The values the form starts with (read once). */
  initial: Values;
  /** The fields in the order they are shown: the first one with a reason takes the focus. */
  fields: readonly Field[];
  /** The request body of the values, or the reasons the form can tell without asking the server. */
  bodyOf: (values: Values) => { body: Body } | { errors: FieldErrors<Field> };
  /** The form's field a field named by the server is shown beside ('estimateDays.1' → 'maxDays'). */
  fieldOf: (serverField: string) => Field | undefined;
  /** The server's reason as the form says it (which of several countries it is about). */
  reasonOf?: (serverField: string, reason: string, values: Values) => string;
  save: (body: Body) => Promise<Saved>;
  saving: boolean;
  onSaved: (saved: Saved) => void;
  /** What the form says when the save fails without the server's words ('The drop was not saved'). */
  notSaved: string;
  /** The server's message only when it names no field: the reasons beside the fields say it all. */
  messageOnlyWithoutFields?: boolean;
  /** A refusal the form shows in its own way (a started drop's 409): true when it was. */
  refused?: (error: unknown) => boolean;
}

/**
 * A staff form's state: the values as typed, the reasons beside the fields (the form's own before
 * sending, the server's after), the server's message, and whether it is saving. The heading takes the
 * focus when the form opens, and the first field with a reason when a save is refused.
 */
export function useStaffForm<Values, Field extends string, Body, Saved>(
  options: StaffFormOptions<Values, Field, Body, Saved>,
) {
  const { fields, fieldOf, reasonOf } = options;
  const id = useId();
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useFocusOnMount();
  const inputs = useRef<Partial<Record<Field, HTMLElement | null>>>({});

  const focusFirst = (found: FieldErrors<Field>) => {
    const first = fields.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  /** The server's reasons for the fields the form has, the first for each field. */
  const serverErrors = (error: unknown): FieldErrors<Field> => {
    const found: FieldErrors<Field> = {};
    if (!(error instanceof ApiError)) return found;
    for (const [serverField, reason] of Object.entries(error.fields)) {
      const field = fieldOf(serverField);
      if (field && !found[field]) found[field] = reasonOf ? reasonOf(serverField, reason, values) : reason;
    }
    return found;
  };

  const refuse = (error: unknown) => {
    if (options.refused?.(error)) return;
    const found = serverErrors(error);
    const named = Object.keys(found).length > 0;
    setErrors(found);
    if (!(named && options.messageOnlyWithoutFields))
      setFailure(error instanceof Error ? error.message : options.notSaved);
    focusFirst(found);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const prepared = options.bodyOf(values);
    if ('errors' in prepared) {
      setErrors(prepared.errors);
      focusFirst(prepared.errors);
      return;
    }
    setErrors({});
    try {
      options.onSaved(await options.save(prepared.body));
    } catch (error) {
      refuse(error);
    }
  };

  /** The ref of a field's input, which takes the focus when the field is refused. */
  const inputRef = (field: Field) => (element: HTMLElement | null) => {
    inputs.current[field] = element;
  };
  const change = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));

  return {
    /** The form's id: its heading is `${id}-title`, its fields `${id}-<field>`. */
    id,
    values,
    errors,
    failure,
    dismissFailure: () => setFailure(null),
    saving: options.saving,
    heading,
    inputRef,
    change,
    /** What a field's input needs of the form: its id, value, reason, ref, and the change it makes. */
    bind: <Name extends Field & keyof Values>(name: Name) => ({
      id: `${id}-${name}`,
      value: values[name],
      error: errors[name],
      inputRef: inputRef(name),
      onChange: (value: Values[Name]) => change({ [name]: value } as unknown as Partial<Values>),
    }),
    submit,
  };
}

export type StaffForm = Pick<
  ReturnType<typeof useStaffForm>,
  'id' | 'failure' | 'dismissFailure' | 'saving' | 'heading' | 'submit'
>;
