import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { from: string; to: string[]; raw: string; user: string | null };

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every message it is
 * given: plain SMTP, no STARTTLS offered, and with `login` set it accepts only that user and
 * password. `refuse` makes it refuse every recipient.
 */
export async function startMailCatcher(options: { login?: { user: string; pass: string }; refuse?: boolean } = {}): Promise<{
  port: number;
  mails: CaughtMail[];
  close: () => Promise<void>;
}> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    disabledCommands: options.login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.login,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = options.login && auth.username === options.login.user && auth.password === options.login.pass;
      callback(ok ? null : new Error('Invalid username or password'), ok ? { user: auth.username } : undefined);
    },
    onRcptTo(_address, _session, callback) {
      callback(options.refuse ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          user: typeof session.user === 'string' ? session.user : null,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
