export function LoginPage() {
  return (
    <main className="container py-5">
      <h1>Login</h1>
      <p className="text-muted">This page is being built.</p>
    </main>
  );
}
