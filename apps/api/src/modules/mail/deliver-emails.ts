/**
 * Delivery of the outbox through the mail sender: one due email at a time is claimed (a short
 * statement that leases it), sent with no transaction open, then marked sent in a statement of its
 * own as soon as the mail server has accepted it, or failed with its next attempt after a backoff
 * (1, 2, 4 … minutes, at most an hour); after `maxAttempts` the email is given up on.
 *
 * SMTP cannot make a send exactly-once: a sender killed between the server's acceptance and the
 * mark, or a connection lost before the acceptance reached it, sends that email again once its
 * lease ends. Leasing one email at a time keeps that to the one email in flight. Logs name emails
 * by id only: never an address, a subject or a body.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MailSender } from '../../adapters/mail/index.ts';
import type { Database } from '../../db/client.ts';
import * as outbox from './outbox.repository.ts';

export const maxAttempts = 8;
/**
 * How long a claimed email is left to its worker before another may try it: longer than a send can
 * take (each SMTP step has its own time-out, adapters/mail/smtp-sender.ts).
 */
export const leaseMs = 2 * 60_000;

export const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

export interface DeliveryDeps {
  db: Database;
  mail: MailSender;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** What the SMTP server said, short and without the email's contents (its code and response line). */
const describeFailure = (error: unknown): string => {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts = [e.code, e.responseCode].filter((part) => part !== undefined).map(String);
  // The server's reply can quote the recipient: the outbox keeps it, the log never sees it.
  return [parts.join(' '), typeof e.message === 'string' ? e.message.slice(0, 500) : ''].filter(Boolean).join(': ');
};

const markSentTries = 5;

/** Records an accepted email as sent, retrying a failing database for a few seconds. */
const markSentSoon = async (deps: DeliveryDeps, id: string) => {
  for (let attempt = 1; ; attempt++) {
    try {
      await outbox.markSent(deps.db, id, deps.now());
      return;
    } catch (error) {
      if (attempt >= markSentTries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
    }
  }
};

export const deliverDueEmails = async (
  deps: DeliveryDeps,
  signal?: AbortSignal,
): Promise<{ sent: number; failed: number; gaveUp: number }> => {
  const counts = { sent: 0, failed: 0, gaveUp: 0 };
  if (deps.mail.kind === 'outbox') return counts;
  while (!signal?.aborted) {
    const now = deps.now();
    const [email] = await outbox.claimDueEmails(deps.db, {
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
      limit: 1,
    });
    if (!email) break;
    let accepted = false;
    try {
      await deps.mail.send({
        id: email.id,
        to: email.recipient,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody,
        unsubscribeUrl: email.unsubscribeUrl,
      });
      accepted = true;
    } catch (error) {
      const giveUp = email.attempts >= maxAttempts;
      const at = deps.now();
      await outbox.markAttemptFailed(deps.db, email.id, {
        error: describeFailure(error),
        retryAt: giveUp ? null : new Date(at.getTime() + retryDelayMs(email.attempts)),
        now: at,
      });
      const e = error as { code?: unknown; responseCode?: unknown };
      deps.log.warn(
        { emailId: email.id, attempts: email.attempts, code: e.code, responseCode: e.responseCode, gaveUp: giveUp },
        'email not delivered',
      );
      if (giveUp) counts.gaveUp += 1;
      else counts.failed += 1;
    }
    if (accepted) {
      // Accepted is sent: a database that fails to record it is asked again, never taken for a
      // failed send (which would send the email twice).
      await markSentSoon(deps, email.id);
      counts.sent += 1;
    }
  }
  return counts;
};
