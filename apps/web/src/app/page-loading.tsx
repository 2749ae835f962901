import { LoadingSpinner } from '../components/loading-cards';

/** Shown while the first page's code loads. */
export function PageLoading() {
  return <LoadingSpinner label="Loading" className="align-items-center py-5" spinnerClassName="text-dark" />;
}
