import { z } from './zod.ts';
import { EmailSchema, PasswordSchema } from './auth.ts';
import { text } from './text.ts';
import { recoveryMessages } from './recovery-texts.ts';

/** A token from an emailed link (base64url of 32 random bytes; loose, the server looks it up by hash). */
const TokenSchema = text({ error: recoveryMessages.tokenRequired })
  .trim()
  .min(1, recoveryMessages.tokenRequired)
  .max(200, recoveryMessages.tokenRequired);

export const ForgotPasswordSchema = z.object({ email: EmailSchema }).meta({ id: 'ForgotPassword' });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z
  .object({ token: TokenSchema, password: PasswordSchema })
  .meta({ id: 'ResetPassword' });
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const ConfirmEmailSchema = z.object({ token: TokenSchema }).meta({ id: 'ConfirmEmail' });
export type ConfirmEmail = z.infer<typeof ConfirmEmailSchema>;

/** A plain answer the page shows as it is. */
export const AccountNoticeSchema = z.object({ message: z.string() }).meta({ id: 'AccountNotice' });
export type AccountNotice = z.infer<typeof AccountNoticeSchema>;

export const OutboxEmailSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    kind: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    sentAt: z.iso.datetime({ offset: true }).nullable(),
    attempts: z.number().int(),
  })
  .meta({ id: 'OutboxEmail' });
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;

export const OutboxSchema = z
  .object({ items: z.array(OutboxEmailSchema) })
  .meta({ id: 'Outbox', description: 'The newest emails first (at most 50)' });
export type Outbox = z.infer<typeof OutboxSchema>;
