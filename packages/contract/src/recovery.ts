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

/**
 * How an email's delivery went: sent; waiting for its first attempt; refused or unreachable and to
 * be tried again; given up on after the last attempt; or held, unsent, because no mail server is set.
 */
export const outboxDeliveryStates = ['sent', 'queued', 'retrying', 'failed', 'held'] as const;
export type OutboxDeliveryState = (typeof outboxDeliveryStates)[number];

/** An email's delivery, for an admin: never what it says (its links are its recipient's alone). */
export const OutboxEmailSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    kind: z.string(),
    state: z.enum(outboxDeliveryStates),
    attempts: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    sentAt: z.iso.datetime({ offset: true }).nullable(),
    failedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'OutboxEmail' });
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;

export const OutboxSchema = z
  .object({
    items: z.array(OutboxEmailSchema),
    /** False when no mail server is set (a production demo box without SMTP_URL): emails wait unsent. */
    hasMailServer: z.boolean(),
  })
  .meta({ id: 'Outbox', description: 'The newest emails first (at most 50), with their delivery' });
export type Outbox = z.infer<typeof OutboxSchema>;

/** Where visitors read the emails the site sends while it runs as a demo; null otherwise (production). */
export const DemoMailboxSchema = z
  .object({ url: z.url().nullable() })
  .meta({ id: 'DemoMailbox', description: 'The demo mailbox, while the server runs as a demo' });
export type DemoMailbox = z.infer<typeof DemoMailboxSchema>;
