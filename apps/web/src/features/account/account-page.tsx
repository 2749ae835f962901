import { useLocation } from 'react-router';

/** `/account/{section}`: the account area is still being built; the page says so plainly. */
export function AccountPage() {
  const section = useLocation().pathname.split('/')[2] || 'profile';
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
