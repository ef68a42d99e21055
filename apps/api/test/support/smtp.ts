/**
 * A real SMTP server on a free local port (the `smtp-server` package) that keeps what arrives,
 * parsed by `mailparser`, and can be told to refuse the next messages (a mail server's bad moment).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string;
  from: string;
  subject: string;
  text: string;
  messageId: string | undefined;
  /** Each header's value as sent, by lower-case name (the last of a repeated one). */
  headers: Record<string, string>;
}

export interface LocalSmtp {
  url: string;
  received: ReceivedEmail[];
  /** Refuses the next `count` messages with a temporary error (451). */
  refuseNext(count: number): void;
  /** Takes this long to accept each message from now on (a slow mail server; 0: at once). */
  acceptAfter(ms: number): void;
  close(): Promise<void>;
}

export const startLocalSmtp = async (
  options: {
    /** Told of each email as it arrives (the browser suite writes them where its workers read them). */
    onReceive?: (email: ReceivedEmail) => void;
  } = {},
): Promise<LocalSmtp> => {
  const received: ReceivedEmail[] = [];
  let refusals = 0;
  let acceptDelayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: no certificate to make.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          const email = {
            to: to ?? '',
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            messageId: mail.messageId,
            headers: Object.fromEntries(
              mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]),
            ),
          };
          const accept = () => {
            received.push(email);
            options.onReceive?.(email);
            callback();
          };
          if (acceptDelayMs > 0) setTimeout(accept, acceptDelayMs);
          else accept();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A sender that goes away mid-conversation (a replica killed, a connection reset) is the
  // sender's problem, as for a real mail server: the connection ends, the server keeps serving.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (count) => {
      refusals = count;
    },
    acceptAfter: (ms) => {
      acceptDelayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
