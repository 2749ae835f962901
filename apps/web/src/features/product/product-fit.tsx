import { FIT_ANSWERS, type ProductFit as Fit } from '@shop/contracts';
import { FIT_LABELS } from '../../lib/sizes';
import type { ProductSizes } from './use-product-sizes';
import { useKeptSizeText, useSizeAdvice } from './use-size-advice';

export const FIT_TITLE = 'How it fits';

const buyers = (count: number) => (count === 1 ? '1 buyer' : `${count} buyers`);

/**
 * How buyers say the model fits: runs small, true to size, runs large, as bars with their counts (once
 * enough buyers answered), by the size they bought, the advice when most agree, what exchanges say, and for
 * a signed-in shopper the size buyers like them kept. Nothing when there is nothing to say.
 */
export function ProductFit({
  productId,
  fit,
  sizes,
}: {
  productId: string;
  /** Missing while the shop does not say yet. */
  fit: Fit | undefined;
  sizes: ProductSizes;
}) {
  const advice = useSizeAdvice(productId);
  const answered = fit && fit.small !== null && fit.true !== null && fit.large !== null;
  if (!answered && !fit?.exchangeNote && !advice) return null;
  return (
    <section className="product-fit" aria-labelledby="product-fit-title">
      <h2 id="product-fit-title" className="product-fit__title">
        {FIT_TITLE}
      </h2>
      {fit && answered ? <FitAnswers fit={fit} sizes={sizes} /> : null}
      {fit?.exchangeNote && !answered ? <p className="product-fit__note">{fit.exchangeNote}</p> : null}
      {advice ? <KeptAdvice advice={advice} sizes={sizes} /> : null}
    </section>
  );
}

/** The answers as three labelled bars, the advice, and the answers by the size bought. */
function FitAnswers({ fit, sizes }: { fit: Fit; sizes: ProductSizes }) {
  const total = Math.max(fit.answers, (fit.small ?? 0) + (fit.true ?? 0) + (fit.large ?? 0), 1);
  return (
    <>
      <p className="product-fit__count">From {buyers(fit.answers)} who reviewed it</p>
      <ul className="product-fit__bars list-unstyled">
        {FIT_ANSWERS.map((answer) => {
          const count = fit[answer] ?? 0;
          return (
            <li key={answer} className="product-fit__row">
              <span className="product-fit__label">{FIT_LABELS[answer]}</span>
              <span className="product-fit__bar" aria-hidden="true">
                <span style={{ width: `${(100 * count) / total}%` }} />
              </span>
              <span className="product-fit__value">
                {count}
                <span className="visually-hidden"> of {fit.answers}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {fit.advice ? <p className="product-fit__advice">{fit.advice}</p> : null}
      {fit.exchangeNote ? <p className="product-fit__note">{fit.exchangeNote}</p> : null}
      {fit.bySize && fit.bySize.length > 0 ? (
        <details className="product-fit__by-size">
          <summary>By the size they bought</summary>
          <table className="table table-sm mb-0 mt-2">
            <thead>
              <tr>
                <th scope="col">Size bought</th>
                {FIT_ANSWERS.map((answer) => (
                  <th key={answer} scope="col" className="text-end">
                    {FIT_LABELS[answer]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {fit.bySize.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{sizes.label(row.key)}</th>
                  {FIT_ANSWERS.map((answer) => (
                    <td key={answer} className="text-end">
                      {row[answer]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </>
  );
}

/** 'You kept EU 44 in Air Force 1. Buyers who kept EU 44 in Air Force 1 mostly kept EU 44.5 in this model.' */
function KeptAdvice({
  advice,
  sizes,
}: {
  advice: NonNullable<ReturnType<typeof useSizeAdvice>>;
  sizes: ProductSizes;
}) {
  const kept = useKeptSizeText(advice.basis, sizes.system);
  return (
    <p className="product-fit__kept">
      You kept {kept} in {advice.basis.name}. Buyers who kept {kept} in {advice.basis.name} mostly kept{' '}
      <strong>{sizes.text(advice.size)}</strong> in this model.
    </p>
  );
}
