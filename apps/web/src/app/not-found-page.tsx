import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="container py-5 text-center not-found">
      <title>Page not found · Sneaker Shop</title>
      <h1 className="display-5 fw-bold my-4">Ooopps page not found!!</h1>
      <Link to="/home" className="btn btn-dark btn-lg">
        Go Back
      </Link>
    </main>
  );
}
