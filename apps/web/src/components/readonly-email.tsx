/** The signed-in shopper's e-mail in a form, shown but not editable there, with a hint that says why. */
export function ReadOnlyEmail({ id, email, hint }: { id: string; email: string; hint: string }) {
  return (
    <>
      <label htmlFor={id} className="form-label">
        E-mail
      </label>
      <input
        id={id}
        type="email"
        className="form-control"
        value={email}
        readOnly
        aria-describedby={`${id}-hint`}
      />
      <div id={`${id}-hint`} className="form-text">
        {hint}
      </div>
    </>
  );
}
