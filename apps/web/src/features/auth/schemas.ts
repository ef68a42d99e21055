import { messages, SignupFieldsSchema } from '@recell/contract';
import { imageFileSchema } from '@/lib/image-file';

// The login and sign-up forms' schemas, loaded on a form's first check (lib/lazy-resolver.ts).
export { LoginSchema } from '@recell/contract';
export const SignupFormSchema = SignupFieldsSchema.extend({ image: imageFileSchema(messages.imageRequired) });
