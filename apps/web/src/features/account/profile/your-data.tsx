import type { DataExportStatus } from '@shop/contracts';
import { useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { ShopCard } from '../../../components/shop-card';
import { errorText } from '../../../lib/api';
import { formatInstant } from '../../../lib/dates';
import { useDataExport } from '../api/get-data-export';
import { useRequestDataExport } from '../api/request-data-export';

export const PREPARING_TEXT = 'We are preparing your archive; we will e-mail you a link too.';
export const FAILED_TEXT = 'We could not prepare your archive. Please ask again later.';
export const EXPIRED_TEXT = 'The link of your archive has expired: ask for a new copy.';

/**
 * "Your data": a copy of everything the shop keeps about the person ("Download my data", issue 40). The copy
 * is prepared in the background; the card follows it every 2 s and, once it is ready, shows the download
 * link and until when it works (the link is e-mailed too). A refusal (one copy an hour) says why.
 */
export function YourData() {
  const request = useRequestDataExport();
  const [exportId, setExportId] = useState<string | null>(null);
  const copy = useDataExport(exportId);
  const preparing = exportId !== null && (copy.data === undefined || copy.data.state === 'preparing');

  const ask = () => {
    request.mutate(undefined, { onSuccess: ({ id }) => setExportId(id) });
  };

  return (
    <ShopCard headingId="your-data-heading" title="Your data" titleClassName="account-card__title">
      <p className="account-card__lead">
        A copy of everything the shop keeps about you: your profile, addresses, orders, returns, reviews,
        favourites, alerts, draw entries and store credit, in one ZIP archive (JSON and CSV files).
      </p>
      {request.isError ? (
        <AlertError message={errorText(request.error)} onClose={() => request.reset()} className="mb-3" />
      ) : null}
      {copy.isError ? (
        <AlertError
          message={`We could not follow your archive: ${errorText(copy.error)}`}
          dismissible={false}
          className="mb-3"
        />
      ) : null}
      <div role="status">{exportId !== null && !copy.isError ? <CopyState copy={copy.data} /> : null}</div>
      <button
        type="button"
        className="btn btn-outline-dark"
        disabled={request.isPending || preparing}
        onClick={ask}
      >
        Download my data
      </button>
    </ShopCard>
  );
}

/** Where the copy is: being prepared, ready (the link and until when it works), failed or expired. */
function CopyState({ copy }: { copy: DataExportStatus | undefined }) {
  if (copy === undefined || copy.state === 'preparing')
    return (
      <p className="d-flex align-items-center gap-2 mb-3">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        {PREPARING_TEXT}
      </p>
    );
  if (copy.state === 'ready' && copy.url)
    return (
      <p className="mb-3">
        Your archive is ready.{' '}
        <a href={copy.url} download className="link-dark fw-semibold">
          Download (ZIP)
        </a>{' '}
        <span className="d-block small">
          valid until <time dateTime={copy.expiresAt}>{formatInstant(copy.expiresAt ?? null)}</time>
        </span>
      </p>
    );
  return <p className="mb-3">{copy.state === 'failed' ? FAILED_TEXT : EXPIRED_TEXT}</p>;
}
