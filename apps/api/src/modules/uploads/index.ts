/** The uploads module's door: images people upload, and the capacity kept for them. */
export { encodePrivatePhoto, imageUrlForId, mainKey, storeImage } from './images.service.ts';
export { uploadCapacityPlugin } from './upload-capacity.ts';
export { readImageField, uploadsRoutes } from './uploads.routes.ts';
