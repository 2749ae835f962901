/** Review rules shared by the review form and the API (spec sections 5 and 6). Free of zod on purpose. */

export const REVIEW_COMMENT_MAX = 1020;
export const REVIEW_RATING_MESSAGE = 'Choose a number from 0 to 5';
export const REVIEW_COMMENT_MESSAGE = `Write a comment of 1 to ${REVIEW_COMMENT_MAX} characters`;
/** Spec section 6: only buyers may write reviews. */
export const ONLY_BUYERS_MESSAGE = 'Only user who buy this products are able to write a review!';
export const ALREADY_REVIEWED_MESSAGE = 'You already reviewed this product';
