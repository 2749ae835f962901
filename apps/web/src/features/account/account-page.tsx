export function AccountPage() {
  return (
    <main className="container py-5">
      <h1>Account</h1>
      <p className="text-muted">This page is being built.</p>
    </main>
  );
}
