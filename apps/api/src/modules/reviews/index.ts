/** The reviews module's face: buyers' reviews and the ratings they give the products. */
export { reviewsRoutes } from './reviews.routes';
export {
  addReviews,
  listUserReviews,
  type ReviewDeps,
  removeAllOfUser,
  reviewsForPage,
  reviewsOfUserByProduct,
} from './reviews.service';
