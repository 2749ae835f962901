import type { Review } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/api';
import { useDeleteReview, useProductReviews } from './products-api';

/**
 * A product's reviews for the staff and their deletion: Delete asks 'Are you sure?' in place, the review's
 * confirming Delete sends it. Asking puts focus on the 'Delete' that confirms; Cancel gives it back to the
 * review's own Delete; a deletion leaves it on the list.
 */
export function useReviewList(productId: string) {
  const reviews = useProductReviews(productId);
  const remove = useDeleteReview(productId);
  const [asking, setAsking] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const listRef = useRef<HTMLElement | null>(null);
  const deleteButtons = useRef(new Map<string, HTMLButtonElement>());
  const confirmButtons = useRef(new Map<string, HTMLButtonElement>());
  /** Where focus goes once the list has re-rendered: a review's Delete, or the list itself. */
  const focusNext = useRef<string | null>(null);
  const asked = useRef<string | null>(null);

  useEffect(() => {
    const opened = asking !== null && asking !== asked.current;
    asked.current = asking;
    if (opened && asking) confirmButtons.current.get(asking)?.focus();
    if (asking) return;
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'list') listRef.current?.focus();
    else if (target) deleteButtons.current.get(target)?.focus();
  });

  const ask = (review: Review) => {
    setFailure(null);
    setAsking(review._id);
  };
  const cancel = (review: Review) => {
    focusNext.current = review._id;
    setAsking(null);
  };
  const confirm = async (review: Review) => {
    setFailure(null);
    try {
      await remove.mutateAsync(review._id);
      focusNext.current = 'list';
      setAsking(null);
    } catch (refused) {
      setFailure(`The review was not deleted: ${errorText(refused)}`);
    }
  };

  return {
    reviews,
    asking,
    deleting: remove.isPending,
    failure,
    dismissFailure: () => setFailure(null),
    ask,
    cancel,
    confirm,
    /** The ref of the list (or of the line saying there is none). */
    listRef: (node: HTMLElement | null) => {
      listRef.current = node;
    },
    deleteButtons,
    confirmButtons,
  };
}
