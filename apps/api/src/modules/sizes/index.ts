/**
 * The sizes module's face: the size charts, what a key is in every system, how a model fits by its buyers,
 * and a shopper's size in a model from what buyers alike kept.
 */
export { chartBook } from './chart-book';
export { type FitReaders, productFit } from './product-fit';
export { refreshSizeAdvice, SIZE_ADVICE_SCHEDULE, type SizeAdviceDeps } from './size-advice';
export { sizeAdviceRoutes } from './size-advice.routes';
export { keysAsTheyAre, sizeWordsIn, sizeWordsOf, sizeWordsPerSystem } from './size-words';
export { sizesRoutes } from './sizes.routes';
export { type SizeDeps, sizeKnown } from './sizes.service';
