/** The uploads module's door: images people upload, who uploaded each, and the capacity kept for them. */
export { encodePrivatePhoto, imageUrlForId, mainKey, storeImage } from './images.service.ts';
export { notUploadedBy, recordUpload } from './uploads.service.ts';
export { uploadCapacityPlugin } from './upload-capacity.ts';
export { readImageField, uploadsRoutes } from './uploads.routes.ts';
