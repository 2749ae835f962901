import { zodResolver } from '@hookform/resolvers/zod';
import {
  FIT_ANSWERS,
  MAX_RATING,
  MIN_RATING,
  REVIEW_COMMENT_MAX,
  REVIEW_RATING_MESSAGE,
  type Review,
  type ReviewUpdate,
  reviewUpdateSchema,
} from '@shop/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { type UseFormRegister, useForm, useWatch } from 'react-hook-form';
import { AlertError } from '../../../components/alert-error';
import { BusyLabel } from '../../../components/busy-label';
import { RatingStars } from '../../../components/rating-stars';
import { errorText } from '../../../lib/api';
import { FIT_LABELS } from '../../../lib/sizes';
import { useCreateReview } from '../api/create-review';
import { useUpdateReview } from '../api/update-review';

const checkReview = zodResolver(reviewUpdateSchema);

export const REVIEW_FORM_TITLE = 'Make your review!';
export const EDIT_REVIEW_TITLE = 'Edit your review';

interface ReviewFormProps {
  uid: string;
  productId: string;
  productName: string;
  /** The user's review of this product when editing it. */
  review: Review | null;
  onDone: () => void;
  onBack: () => void;
}

/**
 * The review form (spec section 2): 'Make your review!', a rating from 0 to 5 in steps of 1 with its stars,
 * 'Comments', 'send review' and 'back'. A rating above 5 raises the alert saying numbers 0 to 5. Checked
 * with the contracts' review schema, as the shop checks it.
 */
export function ReviewForm({ uid, productId, productName, review, onDone, onBack }: ReviewFormProps) {
  const id = useId();
  const create = useCreateReview(uid);
  const update = useUpdateReview(uid);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReviewUpdate>({
    // An unanswered fit question reads as null; the review leaves it out.
    resolver: (values, context, options) =>
      checkReview({ ...values, fit: values.fit ?? undefined }, context, options),
    defaultValues: {
      rating: review?.rating ?? MAX_RATING,
      description: review?.description ?? '',
      fit: review?.fit ?? undefined,
    },
    mode: 'onSubmit',
  });
  const rating = useWatch({ control, name: 'rating' });
  const description = useWatch({ control, name: 'description' }) ?? '';
  const aboveMax = typeof rating === 'number' && rating > MAX_RATING;

  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async (input: ReviewUpdate) => {
    setFailure(null);
    try {
      if (review) await update.mutateAsync({ id: review._id, productId, input });
      else await create.mutateAsync({ _idProduct: productId, _idUser: uid, ...input });
      onDone();
    } catch (error) {
      setFailure(`Your review was not sent: ${errorText(error)}`);
    }
  };

  const ratingError = errors.rating?.message;
  const descriptionError = errors.description?.message;

  return (
    <form
      className="review-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-labelledby={`${id}-title`}
    >
      <h4 id={`${id}-title`} ref={heading} tabIndex={-1} className="review-form__title">
        {review ? EDIT_REVIEW_TITLE : REVIEW_FORM_TITLE}
        <span className="visually-hidden"> {productName}</span>
      </h4>
      {aboveMax ? <AlertError message={REVIEW_RATING_MESSAGE} dismissible={false} className="mb-3" /> : null}
      <div className="review-form__rating">
        <div>
          <label htmlFor={`${id}-rating`} className="form-label">
            Rating
          </label>
          <input
            id={`${id}-rating`}
            type="number"
            inputMode="numeric"
            min={MIN_RATING}
            max={MAX_RATING}
            step={1}
            className={`form-control review-form__number${ratingError || aboveMax ? ' is-invalid' : ''}`}
            aria-invalid={ratingError || aboveMax ? true : undefined}
            aria-describedby={`${id}-rating-hint`}
            {...register('rating', { valueAsNumber: true })}
          />
        </div>
        <div className="review-form__stars" aria-live="polite">
          <RatingStars rating={Number.isFinite(rating) && !aboveMax ? rating : 0} zeroAsStars />
        </div>
      </div>
      <div id={`${id}-rating-hint`} className={ratingError ? 'invalid-feedback d-block' : 'form-text'}>
        {ratingError ?? 'A whole number from 0 to 5.'}
      </div>

      <div className="mt-3">
        <label htmlFor={`${id}-description`} className="form-label">
          Comments
        </label>
        <textarea
          id={`${id}-description`}
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          className={`form-control${descriptionError ? ' is-invalid' : ''}`}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={`${id}-description-hint`}
          {...register('description')}
        />
        <div
          id={`${id}-description-hint`}
          className={descriptionError ? 'invalid-feedback d-block' : 'form-text text-end'}
        >
          {descriptionError ?? `${description.length} / ${REVIEW_COMMENT_MAX}`}
        </div>
      </div>

      <FitQuestion id={id} register={register} />

      {failure ? (
        <AlertError message={failure} onClose={() => setFailure(null)} className="mt-3 mb-0" />
      ) : null}

      <div className="review-form__actions">
        <button type="submit" className="btn btn-dark" disabled={isSubmitting}>
          <BusyLabel busy={isSubmitting} text="send review" busyText="sending…" />
        </button>
        <button type="button" className="btn btn-outline-dark" disabled={isSubmitting} onClick={onBack}>
          back
        </button>
      </div>
    </form>
  );
}

/** 'How does it fit?': runs small, true to size or runs large, sent as `fit`; optional. */
function FitQuestion({ id, register }: { id: string; register: UseFormRegister<ReviewUpdate> }) {
  return (
    <fieldset className="mt-3" aria-describedby={`${id}-fit-hint`}>
      <legend className="form-label fs-6 mb-1">
        How does it fit? <span className="text-muted fw-normal">(optional)</span>
      </legend>
      {FIT_ANSWERS.map((answer) => (
        <div key={answer} className="form-check form-check-inline">
          <input
            id={`${id}-fit-${answer}`}
            type="radio"
            className="form-check-input"
            value={answer}
            {...register('fit')}
          />
          <label htmlFor={`${id}-fit-${answer}`} className="form-check-label">
            {FIT_LABELS[answer]}
          </label>
        </div>
      ))}
      <div id={`${id}-fit-hint`} className="form-text mt-0">
        Compared with the size you usually wear: it helps the next buyer choose.
      </div>
    </fieldset>
  );
}
