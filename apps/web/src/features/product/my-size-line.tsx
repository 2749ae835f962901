import { sizeText } from '@shop/contracts';
import { useState } from 'react';
import type { SizeOption } from '../../components/size-picker';
import { errorText } from '../../lib/api';
import type { ProductSizes } from './use-product-sizes';

interface MySizeLineProps {
  sizes: ProductSizes;
  options: SizeOption[];
  chosen: string | null;
  onChoose: (size: string) => void;
}

/**
 * The line under the size tiles about the shopper's size: that it is chosen, a button to choose it, that
 * the model is not made in it, or, for a shopper without a size, a button saving the chosen size as theirs.
 * (A size of theirs that is sold out is said by the back-in-stock alerts.) Also why a system chosen was not
 * kept. Read out as it changes.
 */
export function MySizeLine(props: MySizeLineProps) {
  return (
    <div className="my-size my-size-line" aria-live="polite">
      {props.sizes.known ? <MySizeText {...props} /> : null}
      {props.sizes.failure ? <p className="mb-0 text-danger">{props.sizes.failure}</p> : null}
    </div>
  );
}

function MySizeText({ sizes, options, chosen, onChoose }: MySizeLineProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const mineInStock = sizes.myKeys.filter((key) =>
    options.some((option) => option.size === key && option.units > 0),
  );

  if (sizes.mine && sizes.mineText) {
    if (chosen && sizes.myKeys.includes(chosen))
      return (
        <p className="mb-0">
          <span className="my-size-line__tick" aria-hidden="true">
            ✓
          </span>{' '}
          Your size, {sizes.mineText}, is selected.
        </p>
      );
    const first = mineInStock[0];
    if (first)
      return (
        <p className="mb-0">
          Your size is {sizes.mineText}.{' '}
          <button type="button" className="btn btn-link my-size-line__action" onClick={() => onChoose(first)}>
            Select it
          </button>
        </p>
      );
    const offered = options.some((option) => sizes.myKeys.includes(option.size));
    return offered || sizes.myKeys.length === 0 ? null : (
      <p className="mb-0 text-muted">This model is not made in your size, {sizes.mineText}.</p>
    );
  }

  const foot = chosen ? sizes.footSize(chosen) : null;
  if (!foot) return null;
  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await sizes.saveMySize(foot);
    } catch (error) {
      setFailure(`Your size was not saved: ${errorText(error)}`);
    } finally {
      setSaving(false);
    }
  };
  return (
    <p className="mb-0">
      <button
        type="button"
        className="btn btn-link my-size-line__action"
        disabled={saving}
        onClick={() => void save()}
      >
        Save {sizeText(foot.system, foot.value)} as my size
      </button>{' '}
      <span className="text-muted">and we will select it for you on every product.</span>
      {failure ? <span className="d-block text-danger">{failure}</span> : null}
    </p>
  );
}
