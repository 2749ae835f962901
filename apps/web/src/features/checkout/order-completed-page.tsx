export function OrderCompletedPage() {
  return (
    <main className="container py-5">
      <h1>Checkout Success</h1>
      <p className="text-muted">This page is being built.</p>
    </main>
  );
}
