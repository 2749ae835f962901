/** The uploads module's face: where pictures are kept, and the checks that a picture was uploaded. */
export type { Storage } from './storage';
export { requireStoredAvatar, requireStoredProductPictures } from './uploads.service';
