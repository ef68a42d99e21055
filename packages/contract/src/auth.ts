import { z } from './zod.ts';
import { messages } from './messages.ts';
import { text } from './text.ts';
import { passwordMinLength, roles, signupRoles } from './constants.ts';

/**
 * Account shapes shared by the API and the web forms: the same rules and the spec's messages on
 * both sides. Own messages (format, length caps) fill in where the spec is silent.
 */
const required = (message: string) => text({ error: message }).trim().min(1, message);

export const authMessages = {
  emailInvalid: 'Enter a valid email address',
  nameTooLong: 'Name must be at most 80 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  emailTooLong: 'Email must be at most 254 characters',
  accountDisabled: 'This account has been disabled. Contact support if you think this is a mistake.',
  socialOnlyAccount: (providers: readonly string[]) =>
    providers.length > 0
      ? `This account signs in with ${providers.join(' or ')}. Use the ${providers.join(' or ')} button to log in.`
      : 'This account has no password. Log in with the social sign-in you signed up with.',
  sessionEnded: 'Your session has ended. Please log in again.',
  crossSiteRefused: 'This request came from another site and was refused',
  tooManyAttempts: (retryAfterSeconds: number) =>
    `Too many attempts. Please try again in ${
      retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`
    }.`,
  attemptLimitsUnavailable: 'Logging in and signing up are unavailable for a moment. Please try again shortly.',
  profileFieldsOnly: (keys: readonly string[]) =>
    `Only your name and photo can be changed here (not ${keys.join(', ')})`,
  nothingToUpdate: 'Send a new name or photo to update your profile',
} as const;

export const EmailSchema = required(messages.emailRequired)
  .max(254, authMessages.emailTooLong)
  .pipe(z.email({ error: authMessages.emailInvalid }))
  .transform((email) => email.toLowerCase());

/** Hashed, never stored as text: any character a person can type (tabs and line breaks too), no NUL. */
export const PasswordSchema = text({ multiLine: true, error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(passwordMinLength, messages.passwordMin)
  .max(128, authMessages.passwordTooLong);

export const NameSchema = required(messages.nameRequired).max(80, authMessages.nameTooLong);

export const SignupRoleSchema = z.enum(signupRoles, { error: messages.roleRequired });

/** Sign-up's text fields; the image travels as the multipart file field `image`. */
export const SignupFieldsSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  role: SignupRoleSchema,
});
export type SignupFields = z.infer<typeof SignupFieldsSchema>;

export const LoginSchema = z.object({ email: EmailSchema, password: PasswordSchema }).meta({ id: 'Login' });
export type Login = z.infer<typeof LoginSchema>;

export const RoleSchema = z.enum(roles);

export const MeSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    role: RoleSchema,
    isVerified: z.boolean(),
    /** False until the owner opens the emailed confirmation link: browse only, no trading. */
    isEmailConfirmed: z.boolean(),
    imageUrl: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof MeSchema>;

/** What sign-up, login and refresh answer: a short-lived access token kept in memory, and the user. */
export const AuthSessionSchema = z
  .object({
    accessToken: z.string(),
    /** When the access token expires (ISO time). */
    expiresAt: z.iso.datetime({ offset: true }),
    user: MeSchema,
    /** True when this sign-in created the account (sign-up or a first social sign-in). */
    isNewUser: z.boolean(),
  })
  .meta({ id: 'AuthSession' });
export type AuthSession = z.infer<typeof AuthSessionSchema>;

/** Only the name and the photo: any other property (role, email, verified) is refused, never ignored. */
export const UpdateMeSchema = z
  .strictObject(
    {
      name: NameSchema.optional(),
      /** An image id returned by POST /api/uploads. */
      imageId: text()
        .regex(/^[a-f0-9]{64}$/, 'Invalid image id')
        .optional(),
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? authMessages.profileFieldsOnly(issue.keys) : undefined),
    },
  )
  .refine((update) => update.name !== undefined || update.imageId !== undefined, authMessages.nothingToUpdate)
  .meta({ id: 'UpdateMe' });
export type UpdateMe = z.infer<typeof UpdateMeSchema>;

export const UploadedImageSchema = z
  .object({
    /** Content hash of the stored image; pass it where an image id is asked for. */
    id: z.string(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'UploadedImage' });
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

export const socialProviders = ['google', 'github'] as const;
export type SocialProvider = (typeof socialProviders)[number];

export const AuthProvidersSchema = z
  .object({ google: z.boolean(), github: z.boolean() })
  .meta({ id: 'AuthProviders', description: 'Which social sign-in providers are configured' });
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

/** Image upload limits (docs/product.md, Constants). */
export const imageLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  acceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
} as const;

/** What an image upload is refused with (POST /api/uploads, sign-up's photo, a listing's picture). */
export const uploadMessages = {
  tooLarge: `Image must be ${imageLimits.maxBytes / 1024 / 1024} MB or smaller`,
  tooManyPixels: `Image must be ${imageLimits.maxPixels / 1_000_000} megapixels or smaller`,
  unsupportedType: 'Only JPEG, PNG, WebP or AVIF images are accepted',
  damaged: 'The image is damaged or incomplete. Please choose another file.',
  notMultipart: 'Send the form as multipart/form-data',
  malformedForm: 'The form data is malformed or incomplete',
  oneFileOnly: 'Send one image at a time',
  tooManyFields: 'The form has too many fields',
  imageNotFound: 'The image was not found. Please upload it again.',
  notYourImage: 'Only pictures you uploaded yourself can be used. Please upload your own picture.',
  busy: 'Too many images are being processed right now. Please try again in a moment.',
} as const;
