export { Field, inputClass, UploadProgress } from './field';
export { FileField, SelectField, TextAreaField, TextField } from './controls';
export { fieldOf } from './field-of';
