/**
 * The one way any feature tells a person something they must not miss: `notify` writes the bell's
 * notification and, unless that person switched that kind's emails off (or their account is
 * disabled, or their address is not confirmed), the email, in the caller's transaction. The caller
 * calls `emailsQueued()` after the commit, as for any email (docs/decisions/0041).
 *
 * Each email carries its own unsubscribe link: a random token of which only the SHA-256 is kept,
 * naming the person and the kind; it works without signing in (GET shows the question, POST
 * switches the kind off) and is also sent as List-Unsubscribe for mail clients' one-click button.
 */
import { createHash, randomBytes } from 'node:crypto';
import { notificationEmailTexts, notificationKindLabels, safeNextPath, type NotificationKind } from '@recell/contract';
import type { Executor } from '../../db/client.ts';
import { apiPrefix } from '../../lib/routes.ts';
import { enqueueEmails, type NewEmail } from '../mail/index.ts';
import * as repository from './notifications.repository.ts';

export interface Notice {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path on the site the notification opens ('/dashboard/my-sales'). */
  link: string;
}

export interface NotifyDeps {
  /** The site's address; the email's links start with it. */
  publicUrl: string;
}

/** Rows per statement: well under PostgreSQL's 65,535 parameters. */
const batchSize = 500;

export const hashUnsubscribeToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The web page an emailed unsubscribe link opens (it asks before it acts). */
export const unsubscribePagePath = '/unsubscribe';
/** The API address mail clients post to for one-click unsubscribe. */
export const unsubscribeApiPath = `${apiPrefix}/email-unsubscribe`;

const checkedLink = (link: string) => {
  // A notification's link is written by our code: anything but a path on the site is a bug.
  if (safeNextPath(link) === null) throw new Error('A notification link must be a path on the site');
  return link;
};

/**
 * Writes the notices' notifications and their emails in a fixed number of statements per batch of
 * 500, whatever the number of people: recipients, notifications, unsubscribe tokens, emails.
 */
export const notifyAll = async (tx: Executor, deps: NotifyDeps, notices: readonly Notice[]): Promise<void> => {
  for (let start = 0; start < notices.length; start += batchSize) {
    const batch = notices
      .slice(start, start + batchSize)
      .map((notice) => ({ ...notice, link: checkedLink(notice.link) }));
    const recipients = new Map(
      (await repository.findRecipients(tx, [...new Set(batch.map((notice) => notice.userId))])).map((r) => [r.id, r]),
    );
    // A person who no longer exists has nothing to be told.
    const known = batch.filter((notice) => recipients.has(notice.userId));
    await repository.insertNotifications(tx, known);
    const tokens: Array<{ tokenHash: string; userId: string; kind: NotificationKind }> = [];
    const emails: NewEmail[] = [];
    for (const notice of known) {
      const person = recipients.get(notice.userId)!;
      if (person.isDisabled || !person.isEmailConfirmed || person.optedOut.includes(notice.kind)) continue;
      const token = randomBytes(32).toString('base64url');
      tokens.push({ tokenHash: hashUnsubscribeToken(token), userId: person.id, kind: notice.kind });
      emails.push({
        to: person.email,
        kind: notice.kind,
        subject: notice.title,
        text: notificationEmailTexts.body({
          name: person.name,
          body: notice.body,
          link: deps.publicUrl + notice.link,
          label: notificationKindLabels[notice.kind],
          unsubscribe: `${deps.publicUrl}${unsubscribePagePath}?token=${token}`,
        }),
        unsubscribeUrl: `${deps.publicUrl}${unsubscribeApiPath}?token=${token}`,
      });
    }
    await repository.insertUnsubscribeTokens(tx, tokens);
    await enqueueEmails(tx, emails);
  }
};

/**
 * The same notice to everyone with the phone on their wishlist (its seller left out), in a few
 * statements however many they are.
 */
export const notifyWishlisters = async (
  tx: Executor,
  deps: NotifyDeps,
  notice: Omit<Notice, 'userId'> & { productId: string; sellerId: string; oncePerDay?: boolean },
): Promise<void> => {
  const { productId, sellerId, oncePerDay = false, ...rest } = notice;
  // Once a day at most, when asked: a seller editing a price up and down cannot flood a wishlister.
  const userIds = await repository.listWishlisters(tx, productId, sellerId, {
    notToldWithinADay: oncePerDay ? { kind: rest.kind, link: rest.link } : undefined,
  });
  await notifyAll(
    tx,
    deps,
    userIds.map((userId) => ({ ...rest, userId })),
  );
};

/** One notice: see the module's comment. The caller calls `emailsQueued()` after its transaction commits. */
export const notify = (tx: Executor, deps: NotifyDeps, notice: Notice): Promise<void> => notifyAll(tx, deps, [notice]);

/** The same notice to every active admin. The caller calls `emailsQueued()` after its transaction commits. */
export const notifyAdmins = async (tx: Executor, deps: NotifyDeps, notice: Omit<Notice, 'userId'>): Promise<void> =>
  notifyAll(
    tx,
    deps,
    (await repository.listActiveAdminIds(tx)).map((userId) => ({ ...notice, userId })),
  );
