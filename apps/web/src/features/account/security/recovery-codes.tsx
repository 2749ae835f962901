/** Recovery codes, shown once: a list to copy or write down. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section className="security-codes" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className="security-codes__title">
        Your recovery codes
      </h3>
      <p className="security-codes__lead">
        Each works once, instead of a code from the app. Keep them somewhere safe: they are shown only now.
      </p>
      <ul className="security-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
