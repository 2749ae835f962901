export function RegisterPage() {
  return (
    <main className="container py-5">
      <h1>Register</h1>
      <p className="text-muted">This page is being built.</p>
    </main>
  );
}
