/**
 * The Contact us form (about page): a visitor's message is stored for the admins, who read it on
 * the dashboard's Messages page, mark it read and archive it. The same schema checks the form in
 * the browser and the request on the server (which trims and limits every field).
 */
import { z } from './zod.ts';
import { messages } from './messages.ts';
import { PageQuerySchema } from './pagination.ts';
import { text } from './text.ts';
import { webTexts } from './web-texts.ts';

/** Bounds of our own (the spec is silent): a name as at sign-up, an email as RFC 5321 allows, a letter-length message. */
export const contactLimits = {
  name: 80,
  email: 254,
  message: 2000,
} as const;

export const contactMessages = {
  nameTooLong: `Name must be at most ${contactLimits.name} characters`,
  emailTooLong: `Email must be at most ${contactLimits.email} characters`,
  messageTooLong: `Message must be at most ${contactLimits.message} characters`,
  messageNotFound: 'This message was not found',
} as const;

export const ContactMessageFormSchema = z
  .object({
    name: text({ error: messages.nameRequired })
      .trim()
      .min(1, messages.nameRequired)
      .max(contactLimits.name, contactMessages.nameTooLong),
    email: text({ error: messages.emailRequired })
      .trim()
      .min(1, messages.emailRequired)
      .max(contactLimits.email, contactMessages.emailTooLong)
      .pipe(z.email({ error: webTexts.contactEmailInvalid })),
    message: text({ multiLine: true, error: webTexts.contactMessageRequired })
      .trim()
      .min(1, webTexts.contactMessageRequired)
      .max(contactLimits.message, contactMessages.messageTooLong),
  })
  .meta({ id: 'ContactMessageForm' });
export type ContactMessageFormInput = z.input<typeof ContactMessageFormSchema>;
export type ContactMessageForm = z.output<typeof ContactMessageFormSchema>;

export const ContactMessageCreatedSchema = z.object({ id: z.uuid() }).meta({ id: 'ContactMessageCreated' });
export type ContactMessageCreated = z.infer<typeof ContactMessageCreatedSchema>;

/** The Messages page's two views: the inbox (read or not) and the archive. */
export const contactMessageViews = ['inbox', 'archived'] as const;
export type ContactMessageView = (typeof contactMessageViews)[number];

export const ContactMessageQuerySchema = PageQuerySchema.extend({
  view: z.enum(contactMessageViews).default('inbox'),
});
export type ContactMessageQuery = z.infer<typeof ContactMessageQuerySchema>;

/** A message as an admin sees it; `readAt` null means unread. */
export const ContactMessageSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    receivedAt: z.iso.datetime({ offset: true }),
    readAt: z.iso.datetime({ offset: true }).nullable(),
    archivedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactMessagePageSchema = z
  .object({ items: z.array(ContactMessageSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ContactMessagePage' });
export type ContactMessagePage = z.infer<typeof ContactMessagePageSchema>;

/** Path parameters of the Messages actions; any string, so a malformed id is a 404 like an unknown one. */
export const ContactMessageParamsSchema = z.object({ id: text().max(64) });
