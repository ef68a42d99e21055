import { z } from './zod.ts';
import { text } from './text.ts';
import { notificationKinds, notificationTexts } from './notification-texts.ts';

export const NotificationKindSchema = z.enum(notificationKinds).meta({ id: 'NotificationKind' });

export const NotificationSchema = z
  .object({
    id: z.uuid(),
    kind: NotificationKindSchema,
    title: z.string(),
    body: z.string(),
    /** A path on the site (starts with one '/'). */
    link: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    readAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z
  .object({ items: z.array(NotificationSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'NotificationPage', description: 'Newest first' });
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int().min(0) }).meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const NotificationParamsSchema = z.object({ id: text().max(64) });

/** Per kind: whether its notifications are also emailed (true unless switched off). */
export const EmailPreferencesSchema = z
  .object({
    emails: z.object(
      Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean()])) as Record<
        (typeof notificationKinds)[number],
        z.ZodBoolean
      >,
    ),
  })
  .meta({ id: 'EmailPreferences' });
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>;

/** A change of some kinds' emails; kinds left out stay as they are. */
export const UpdateEmailPreferencesSchema = z
  .object({ emails: EmailPreferencesSchema.shape.emails.partial().strict() })
  .meta({ id: 'UpdateEmailPreferences' });
export type UpdateEmailPreferences = z.infer<typeof UpdateEmailPreferencesSchema>;

/** The token of an emailed unsubscribe link (loose: the server looks it up by its hash). */
export const UnsubscribeQuerySchema = z.object({
  token: text({ error: notificationTexts.unsubscribeLinkInvalid })
    .trim()
    .min(1, notificationTexts.unsubscribeLinkInvalid)
    .max(200, notificationTexts.unsubscribeLinkInvalid),
});
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuerySchema>;

/** Which kind of email an unsubscribe link stops, and whether it is stopped already. */
export const UnsubscribeInfoSchema = z
  .object({ kind: NotificationKindSchema, isEmailOn: z.boolean() })
  .meta({ id: 'UnsubscribeInfo' });
export type UnsubscribeInfo = z.infer<typeof UnsubscribeInfoSchema>;
