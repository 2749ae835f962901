import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a page fails to load or render (for example a chunk that cannot be fetched). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong';
  return (
    <main className="container py-5 text-center">
      <div className="alert alert-danger text-start mx-auto" style={{ maxWidth: 560 }} role="alert">
        <h2 className="alert-heading h5">Oh snap! You got an error!</h2>
        <p className="mb-0">{message}</p>
      </div>
      <Link to="/" className="btn btn-dark" reloadDocument>
        Reload the shop
      </Link>
    </main>
  );
}
