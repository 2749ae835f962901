/** Shown while the first page's code loads. */
export function PageLoading() {
  return (
    <div className="d-flex justify-content-center align-items-center py-5" role="status">
      <span className="spinner-border text-dark" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
