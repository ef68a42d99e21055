import { accountEndpoints, type SignupFields } from '@recell/contract';
import { callApi } from '@/lib/api-client';

/**
 * POST /api/auth/signup (multipart: the fields and the photo as `image`): creates the account and
 * answers with its session. `onProgress` follows the upload (0 to 1).
 */
export const signup = (fields: SignupFields, image: File, onProgress?: (sent: number) => void) => {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('email', fields.email);
  form.append('password', fields.password);
  form.append('role', fields.role);
  form.append('image', image);
  return callApi(accountEndpoints.signup, { formData: form, onProgress });
};
