export { AddProductForm } from './components/add-product-form';
export { EditProductForm } from './components/edit-product-form';
export { MyProductsTable } from './components/my-products-table';
export { PhotoPicker } from './components/photo-picker';
export { pickerPhotosOf, uploadedPhotoIds, isUploadingPhotos, type PickerPhoto } from './hooks/use-photo-uploads';
export { useReplacePhotos } from './api/replace-photos';
