/** The sizes module's face: the size charts, what a key is in every system. */
export { sizesRoutes } from './sizes.routes';
export { type SizeDeps, sizeKnown } from './sizes.service';
