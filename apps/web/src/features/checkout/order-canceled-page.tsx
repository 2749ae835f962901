export function OrderCanceledPage() {
  return (
    <main className="container py-5">
      <h1>The purchase has been canceled</h1>
      <p className="text-muted">This page is being built.</p>
    </main>
  );
}
