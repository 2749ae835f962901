export function RestorePasswordPage() {
  return (
    <main className="container py-5">
      <h1>Restore password</h1>
      <p className="text-muted">This page is being built.</p>
    </main>
  );
}
