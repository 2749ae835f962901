/** The reviews module's face: buyers' reviews and the ratings they give the products. */
export { fitAnswersPerSize } from './fit-answers';
export { fitAnswersOfProduct } from './product-fit-answers';
export { reviewsRoutes } from './reviews.routes';
export {
  addReviews,
  listUserReviews,
  type ReviewDeps,
  removeAllOfUser,
  reviewsForPage,
  reviewsOfUserByProduct,
} from './reviews.service';
