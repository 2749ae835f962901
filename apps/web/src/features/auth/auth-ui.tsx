import { PASSWORD_MAX } from '@shop/contracts';
import { type ComponentPropsWithRef, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { EyeIcon, EyeOffIcon } from '../../components/icons';
import './auth.css';

/** A centred card holding one account form (login, register, restore password, verify e-mail). */
export function AuthCard({
  title,
  icon,
  lead,
  children,
  footer,
}: {
  title: string;
  /** A decorative picture above the title (verify e-mail). */
  icon?: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="auth-page">
      <title>{`${title} · Sneaker Shop`}</title>
      <div className="auth-card card border-0">
        <div className="card-body">
          {icon}
          <h1 className="auth-card__title">{title}</h1>
          {lead ? <p className="auth-card__lead">{lead}</p> : null}
          {children}
        </div>
        {footer ? <div className="auth-card__footer">{footer}</div> : null}
      </div>
    </main>
  );
}

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'className'>;

interface FieldProps extends InputProps {
  label: string;
  /** The rule's message, shown under the input and linked to it. */
  error?: string;
  /** A hint shown under the input while there is no error. */
  hint?: string;
  /** Marks the input invalid when its message is shown elsewhere (the red alert). */
  invalid?: boolean;
}

function describedBy(errorId: string, hintId: string, error?: string, hint?: string, extra?: string) {
  return [error ? errorId : hint ? hintId : null, extra].filter(Boolean).join(' ') || undefined;
}

/** A labelled input with its error (aria-invalid + aria-describedby) or hint. */
export function TextField({ label, error, hint, invalid, 'aria-describedby': extra, ...input }: FieldProps) {
  const id = useId();
  const isInvalid = Boolean(error) || invalid === true;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label auth-label">
        {label}
      </label>
      <input
        id={id}
        className={`form-control form-control-lg auth-input${isInvalid ? ' is-invalid' : ''}`}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy(errorId, hintId, error, hint, extra)}
        {...input}
      />
      <FieldMessage errorId={errorId} hintId={hintId} error={error} hint={hint} />
    </div>
  );
}

/** A password input with a show/hide toggle ('Show password' / 'Hide password'). */
export function PasswordField({
  label,
  error,
  hint,
  invalid,
  'aria-describedby': extra,
  ...input
}: FieldProps) {
  const id = useId();
  const isInvalid = Boolean(error) || invalid === true;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [visible, setVisible] = useState(false);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label auth-label">
        {label}
      </label>
      <div className={`input-group auth-password${isInvalid ? ' auth-password--invalid' : ''}`}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`form-control form-control-lg auth-input${isInvalid ? ' is-invalid' : ''}`}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy(errorId, hintId, error, hint, extra)}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className="btn auth-password__toggle"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={id}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      <FieldMessage errorId={errorId} hintId={hintId} error={error} hint={hint} />
    </div>
  );
}

function FieldMessage({
  errorId,
  hintId,
  error,
  hint,
}: {
  errorId: string;
  hintId: string;
  error?: string;
  hint?: string;
}) {
  if (error)
    return (
      <div id={errorId} className="auth-field-error">
        {error}
      </div>
    );
  if (hint)
    return (
      <div id={hintId} className="form-text">
        {hint}
      </div>
    );
  return null;
}

/** A password being chosen (signing up, or a new one): the browser may offer one; at most PASSWORD_MAX long. */
export function NewPasswordField(props: Omit<FieldProps, 'autoComplete' | 'maxLength' | 'required'>) {
  return <PasswordField autoComplete="new-password" maxLength={PASSWORD_MAX} required {...props} />;
}

/** A full-width submit button that shows a spinner while busy. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-dark btn-lg w-100 auth-submit" disabled={busy}>
      {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** The e-mail input of the account forms: typed in lower case (the caret stays where it was). */
export function EmailField({ onChange, ...props }: Omit<FieldProps, 'label' | 'type'>) {
  return (
    <TextField
      label="Email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="off"
      spellCheck={false}
      required
      {...props}
      onChange={(event) => {
        lowerCaseInPlace(event.target);
        return onChange?.(event);
      }}
    />
  );
}

function lowerCaseInPlace(input: HTMLInputElement): void {
  const lower = input.value.toLowerCase();
  if (lower === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = lower;
  if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd);
}

export function GoogleIcon() {
  // The multicolour "G", drawn inline (nothing loaded from another host).
  return (
    <svg viewBox="0 0 48 48" width={20} height={20} aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.2-.1-2.3-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.2-.1-2.3-.4-3.5z"
      />
    </svg>
  );
}

/** A card's way elsewhere under a question: 'New here? Create an account'. */
export function AskAndLink({ question, to, link }: { question: string; to: string; link: string }) {
  return (
    <>
      {question} <Link to={to}>{link}</Link>
    </>
  );
}
