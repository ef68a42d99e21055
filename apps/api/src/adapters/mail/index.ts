import type { Config } from '../../config.ts';
import { outboxOnlySender, type MailSender } from './mail-sender.ts';
import { createSmtpSender } from './smtp-sender.ts';

export type { MailSender, OutgoingEmail } from './mail-sender.ts';

/** The mail sender the configuration names: SMTP when SMTP_URL is set, else the outbox only. */
export const createMailSender = (mail: Config['mail']): MailSender =>
  mail.kind === 'smtp' ? createSmtpSender({ smtpUrl: mail.smtpUrl, from: mail.from }) : outboxOnlySender;
