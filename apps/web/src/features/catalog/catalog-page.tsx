export function CatalogPage() {
  return (
    <main className="container py-5">
      <h1>Products</h1>
      <p className="text-muted">This page is being built.</p>
    </main>
  );
}
