export function PreviewPage() {
  return (
    <main className="container py-5">
      <h1>Preview</h1>
      <p className="text-muted">This page is being built.</p>
    </main>
  );
}
