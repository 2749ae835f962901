export function BasketballPage() {
  return (
    <main className="container py-5">
      <h1>Basketball</h1>
      <p className="text-muted">This page is being built.</p>
    </main>
  );
}
