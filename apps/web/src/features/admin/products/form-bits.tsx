import { Icon } from '../../../components/icons';

/** Small pieces the product forms share: error texts, the ARIA wiring of a field and its message. */

/** The id of a field's error message. */
export const errorId = (id: string) => `${id}-error`;

/** `aria-invalid` and `aria-describedby` for a control whose error (if any) shows under it. */
export function describe(id: string, error: string | null | undefined, ...more: (string | undefined)[]) {
  const describedBy = [...more, error ? errorId(id) : undefined].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** The message under a field, tied to it by `errorId(id)`. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div id={errorId(id)} className="invalid-feedback d-block">
      {message}
    </div>
  );
}

/** The id of a field's warning (something to know that does not stop the save). */
export const warningId = (id: string) => `${id}-warning`;

/** What is said under a field: its hint, then its warning, then its error message. */
export function FieldNotes({
  id,
  hint,
  warning,
  error,
}: {
  id: string;
  hint?: string;
  warning?: string | null;
  error: string | null | undefined;
}) {
  return (
    <>
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
      {warning ? (
        <div id={warningId(id)} className="form-text text-warning-emphasis">
          {warning}
        </div>
      ) : null}
      <FieldError id={id} message={error} />
    </>
  );
}

export function PencilIcon({ size = 18 }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </Icon>
  );
}

/** Capitalised for labels and read-only values ('nike' → 'Nike'). */
export const capitalize = (text: string) => (text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : text);
