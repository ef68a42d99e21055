/**
 * The replicas' mail server: a real SMTP server on a free local port (the API suite's
 * `startLocalSmtp`), as production sends through SMTP_URL. The suite reads the confirmation links
 * it receives, as a person opens them from their inbox.
 */
import { startLocalSmtp, type LocalSmtp } from '../../../apps/api/test/support/smtp.ts';

let smtp: LocalSmtp | undefined;

export interface MailPeer {
  env: { SMTP_URL: string; MAIL_FROM: string };
  smtp: LocalSmtp;
  stop(): Promise<void>;
}

export const startMailPeer = async (): Promise<MailPeer> => {
  smtp = await startLocalSmtp();
  const peer = smtp;
  return {
    env: { SMTP_URL: peer.url, MAIL_FROM: 'ReCell <no-reply@scale-out.test>' },
    smtp: peer,
    stop: async () => {
      await peer.close();
      if (smtp === peer) smtp = undefined;
    },
  };
};

/**
 * The token of the confirmation link emailed to `email`. Delivery comes after the sign-up's
 * answer (a background send, retried by a job), so this waits for it.
 */
export const confirmationToken = async (email: string, timeoutMs = 60_000): Promise<string> => {
  if (!smtp) throw new Error('the mail peer is not running');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const received of smtp.received) {
      const token = received.to.includes(email) ? /confirm-email\?token=([\w-]+)/.exec(received.text)?.[1] : undefined;
      if (token) return token;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation email reached ${email} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
