export function DemoGridPage() {
  return (
    <main className="container py-5">
      <h1>Demo grid</h1>
      <p className="text-muted">This page is being built.</p>
    </main>
  );
}
