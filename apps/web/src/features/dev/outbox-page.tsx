import { useQuery } from '@tanstack/react-query';
import { AlertError } from '../../components/alert-error';
import { ApiError, api } from '../../lib/api';
import './outbox.css';
import { LoadingSpinner } from '../../components/loading-cards';

export interface OutboxMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
  links: string[];
}

export const NO_OUTBOX_MESSAGE = 'Mail is delivered over SMTP; there is no local outbox.';

/** null: the shop sends real mail (the API has no outbox). */
async function fetchOutbox(): Promise<OutboxMessage[] | null> {
  try {
    const { messages } = await api.get<{ messages: OutboxMessage[] }>('/dev/outbox');
    return messages;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
}

/**
 * /dev/outbox: without SMTP the shop writes its e-mails (verification, password reset) to a local outbox;
 * this page lists them, newest first, with their links ready to click.
 */
export function DevOutboxPage() {
  const query = useQuery({ queryKey: ['dev-outbox'], queryFn: fetchOutbox, staleTime: 0, retry: false });

  return (
    <main className="container py-4 py-lg-5 outbox">
      <title>Outbox · Sneaker Shop</title>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <div>
          <h1 className="section-title mb-1">Outbox</h1>
          <p className="text-muted mb-0">
            E-mails the shop would have sent, newest first (development only). Signed in, you see the mail
            sent to you; the admin, and a guest on the machine running the shop, see all of it.
          </p>
        </div>
        <button
          type="button"
          className="btn btn-outline-dark"
          onClick={() => query.refetch()}
          disabled={query.isFetching}
        >
          {query.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {query.isPending ? (
        <LoadingSpinner label="Loading" className="py-5" spinnerClassName="text-dark" />
      ) : query.isError ? (
        <AlertError message={query.error.message} />
      ) : query.data === null ? (
        <p className="alert alert-secondary">{NO_OUTBOX_MESSAGE}</p>
      ) : query.data.length === 0 ? (
        <p className="alert alert-light border">The outbox is empty.</p>
      ) : (
        <ol className="list-unstyled d-grid gap-3 m-0">
          {query.data.map((message) => (
            <li key={message.id}>
              <article className="card outbox__message" aria-labelledby={`outbox-${message.id}`}>
                <div className="card-body">
                  <h2 id={`outbox-${message.id}`} className="h5 fw-bold mb-2">
                    {message.subject}
                  </h2>
                  <dl className="outbox__meta">
                    <dt>To</dt>
                    <dd>{message.to}</dd>
                    <dt>From</dt>
                    <dd>{message.from}</dd>
                    <dt>Date</dt>
                    <dd>
                      <time dateTime={message.date}>{formatDate(message.date)}</time>
                    </dd>
                  </dl>
                  {message.links.length > 0 ? (
                    <ul className="list-unstyled outbox__links">
                      {message.links.map((link) => (
                        <li key={link}>
                          <a href={link}>{link}</a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <pre className="outbox__text">{message.text}</pre>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
