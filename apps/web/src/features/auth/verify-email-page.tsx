export function VerifyEmailPage() {
  return (
    <main className="container py-5">
      <h1>Verify e-mail</h1>
      <p className="text-muted">This page is being built.</p>
    </main>
  );
}
