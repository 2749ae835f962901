import { useLocation } from 'react-router';

/** `/account/products` and `/account/users` (admins only): the staff dashboard takes these over. */
export function StaffSectionPage() {
  const section = useLocation().pathname.split('/')[2] ?? '';
  const title = `${section.charAt(0).toUpperCase()}${section.slice(1)}`;
  return (
    <main className="container py-5">
      <title>{`${title} · Sneaker Shop`}</title>
      <p className="eyebrow">Account</p>
      <h1>{title}</h1>
      <p className="text-muted">This page is being built.</p>
    </main>
  );
}
