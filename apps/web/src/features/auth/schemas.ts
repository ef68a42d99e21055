import { messages, PasswordSchema, SignupFieldsSchema, z } from '@recell/contract';
import { imageFileSchema } from '@/lib/image-file';

// The login and sign-up forms' schemas, loaded on a form's first check (lib/lazy-resolver.ts).
export { ForgotPasswordSchema, LoginSchema } from '@recell/contract';
/** The reset form's own field; the token comes from the link's address. */
export const NewPasswordSchema = z.object({ password: PasswordSchema });
export const SignupFormSchema = SignupFieldsSchema.extend({ image: imageFileSchema(messages.imageRequired) });
