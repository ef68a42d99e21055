/**
 * Where emails leave the server: through SMTP (`smtp-sender.ts`) when SMTP_URL is set, or nowhere
 * (the default): then the database's outbox, which every email is written to first, is the
 * development mailbox an admin reads. `index.ts` picks one from the configuration.
 *
 * Only the deliver-emails job calls `send`, never a request: a request writes its email into the
 * outbox in its own transaction.
 */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Sent as List-Unsubscribe (and List-Unsubscribe-Post: one click) when set. */
  unsubscribeUrl?: string | null;
  /** The outbox row's id: the Message-ID is made from it, so a retried send is recognisable. */
  id: string;
}

export interface MailSender {
  /** 'outbox': nothing is sent, the outbox is read instead; 'smtp': the job delivers. */
  readonly kind: 'outbox' | 'smtp';
  /** Hands the email to the mail server; throws when it was not accepted. */
  send(email: OutgoingEmail): Promise<void>;
  close(): Promise<void>;
}

/** The default: emails stay in the outbox (development, tests, a single-box demo). */
export const outboxOnlySender: MailSender = {
  kind: 'outbox',
  async send() {
    throw new Error('No SMTP server is configured: emails stay in the outbox');
  },
  async close() {},
};
