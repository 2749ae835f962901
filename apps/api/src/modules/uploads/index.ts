/**
 * The uploads module's face: the `media` table pictures are kept in with PostgreSQL (lib/storage.ts picks
 * it or the disk), the checks that a picture was uploaded, and the upload routes.
 */
export { mediaTable } from './media';
export { uploadsRoutes } from './uploads.routes';
export { requireStoredAvatar, requireStoredProductPictures } from './uploads.service';
