export { Field, fileInputClass, inputClass, UploadProgress, type FieldControlProps } from './field';
export { FileField, SelectField, TextAreaField, TextField, type SelectOption } from './controls';
export { fieldOf } from './field-of';
