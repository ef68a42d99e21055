import nodemailer from 'nodemailer';
import type { MailSender } from './mail-sender.ts';
import { htmlOfPlainText } from './plain-text-html.ts';

export interface SmtpSenderOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. */
  smtpUrl: string;
  from: string;
  /**
   * Milliseconds each step of a send (connect, greeting, each reply) may take; short enough that a
   * hung server cannot hold up a shutdown past its grace time (the job retries later).
   */
  timeoutMs?: number;
}

/** Sends through an SMTP server with nodemailer: one pooled connection, reused between emails of a run. */
export const createSmtpSender = ({ smtpUrl, from, timeoutMs = 8000 }: SmtpSenderOptions): MailSender => {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: 1,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // nodemailer's own logger would print addresses; the job logs ids only.
    logger: false,
  });
  return {
    kind: 'smtp',
    async send(email) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        // A plain-text email also gets an HTML part, where its links are links to click.
        html: email.html || htmlOfPlainText(email.text),
        messageId: `<${email.id}@recell>`,
        // RFC 8058: mail clients offer "Unsubscribe" and post to the link without opening a page.
        ...(email.unsubscribeUrl
          ? {
              headers: {
                'List-Unsubscribe': `<${email.unsubscribeUrl}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }
          : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
};
