/**
 * A person's notifications (the bell), their email preferences, and the emailed unsubscribe links.
 * Writing notifications is `notify.ts`, called by the features in their own transactions.
 */
import {
  isNotificationKind,
  notificationKinds,
  notificationTexts,
  type EmailPreferences,
  type NotificationKind,
  type NotificationPage,
  type PageQuery,
  type UnreadCount,
  type UnsubscribeInfo,
  type UpdateEmailPreferences,
} from '@recell/contract';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { idOrNotFound } from '../../lib/ids.ts';
import { hashUnsubscribeToken } from './notify.ts';
import * as repository from './notifications.repository.ts';

export interface NotificationDeps {
  db: Database;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export const listNotifications = async (
  { db }: NotificationDeps,
  userId: string,
  query: PageQuery,
): Promise<NotificationPage> => {
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listNotifications(db, { userId, limit: query.limit + 1, after });
  return pageOf(
    rows,
    query.limit,
    (row) => ({
      id: row.id,
      kind: row.kind as NotificationKind,
      title: row.title,
      body: row.body,
      link: row.link,
      createdAt: iso(row.createdAt),
      readAt: row.readAt ? iso(row.readAt) : null,
    }),
    (row) => ({ us: row.us, id: row.id }),
  );
};

export const unreadCount = async ({ db }: NotificationDeps, userId: string): Promise<UnreadCount> => ({
  unread: await repository.countUnread(db, userId),
});

/** Marks one of the person's own notifications read; anyone else's (or none) is a 404. */
export const markRead = async ({ db }: NotificationDeps, userId: string, id: string): Promise<void> => {
  const notificationId = idOrNotFound(id, notificationTexts.notificationNotFound);
  if (!(await repository.markRead(db, userId, notificationId))) throw notFound(notificationTexts.notificationNotFound);
};

export const markAllRead = ({ db }: NotificationDeps, userId: string): Promise<void> =>
  repository.markAllRead(db, userId);

const preferencesOf = (optedOut: readonly NotificationKind[]): EmailPreferences => ({
  emails: Object.fromEntries(
    notificationKinds.map((kind) => [kind, !optedOut.includes(kind)]),
  ) as EmailPreferences['emails'],
});

export const getEmailPreferences = async ({ db }: NotificationDeps, userId: string): Promise<EmailPreferences> =>
  preferencesOf(await repository.listOptOuts(db, userId));

/** Switches the kinds named on (true) or off (false); kinds left out stay as they are. */
export const updateEmailPreferences = async (
  { db }: NotificationDeps,
  userId: string,
  update: UpdateEmailPreferences,
): Promise<EmailPreferences> => {
  const entries = Object.entries(update.emails).filter(([kind]) => isNotificationKind(kind)) as Array<
    [NotificationKind, boolean | undefined]
  >;
  const off = entries.filter(([, on]) => on === false).map(([kind]) => kind);
  const on = entries.filter(([, isOn]) => isOn === true).map(([kind]) => kind);
  return db.transaction(async (tx) => {
    await repository.addOptOuts(tx, userId, off);
    await repository.removeOptOuts(tx, userId, on);
    return preferencesOf(await repository.listOptOuts(tx, userId));
  });
};

const linkInvalid = () =>
  badRequest(notificationTexts.unsubscribeLinkInvalid, { token: notificationTexts.unsubscribeLinkInvalid });

const tokenOwner = async (db: Database, token: string) => {
  const found = await repository.findUnsubscribeToken(db, hashUnsubscribeToken(token));
  if (!found) throw linkInvalid();
  return found;
};

/** Which kind an emailed link stops, for the page that asks first. */
export const unsubscribeInfo = async ({ db }: NotificationDeps, token: string): Promise<UnsubscribeInfo> => {
  const { userId, kind } = await tokenOwner(db, token);
  return { kind, isEmailOn: !(await repository.listOptOuts(db, userId)).includes(kind) };
};

/** Switches the link's kind off for the person it was emailed to (again is harmless). */
export const unsubscribe = async ({ db }: NotificationDeps, token: string): Promise<UnsubscribeInfo> => {
  const { userId, kind } = await tokenOwner(db, token);
  await repository.addOptOuts(db, userId, [kind]);
  return { kind, isEmailOn: false };
};
