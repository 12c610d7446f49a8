import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { alertEmail, checkEmailAddresses, sendEmail, type Resolver } from '@/lib/alerts';
import { startMailCatcher } from '../support/mail-catcher';

// E-mail alerts through a real SMTP server on loopback (the smtp-server package), under the same
// address rules as webhook posts: the mail server's name is resolved once and every address checked.

type Smtp = Parameters<typeof sendEmail>[0];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function catcher(options: Parameters<typeof startMailCatcher>[0] = {}) {
  const started = await startMailCatcher(options);
  closers.push(started.close);
  return started;
}

const smtpAt = (host: string, port: number, more: Partial<Smtp> = {}): Smtp => ({
  host,
  port,
  security: 'none',
  user: null,
  password: null,
  from: 'alerts@example.com',
  ...more,
});
const message = {
  text: '[New] Webhook deliveries are failing · since 2026-11-27T10:00:00.000Z · HTTP 401 · customers: cust-1, cust-2 · https://dash.example.com/webhooks',
};
const sandboxLike = { allowLoopback: true, allowHttp: 'loopback' as const };
const resolvingTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: net.isIP(address) }));

describe('e-mail alerts', () => {
  it('reach the mail server with the facts one per line, signed in as the saved user', async () => {
    const mail = await catcher({ login: { user: 'alerts', pass: 's3cret' } });
    const sent = await sendEmail(
      smtpAt('127.0.0.1', mail.port, { user: 'alerts', password: 's3cret' }),
      ['oncall@example.com', 'ops@example.com'],
      alertEmail(message),
      sandboxLike,
    );
    expect(sent).toEqual({ ok: true });
    expect(mail.mails).toHaveLength(1);
    const [caught] = mail.mails;
    expect(caught?.from).toBe('alerts@example.com');
    expect(caught?.to).toEqual(['oncall@example.com', 'ops@example.com']);
    expect(caught?.user).toBe('alerts');
    expect(caught?.raw).toMatch(/^Subject: \[New\] Webhook deliveries are failing\r?$/m);
    expect(caught?.raw).toContain(
      'since 2026-11-27T10:00:00.000Z\r\nHTTP 401\r\ncustomers: cust-1, cust-2\r\nhttps://dash.example.com/webhooks',
    );
  });

  it('say why when the server refuses the sign-in or the recipients', async () => {
    const guarded = await catcher({ login: { user: 'alerts', pass: 's3cret' } });
    const wrong = await sendEmail(
      smtpAt('127.0.0.1', guarded.port, { user: 'alerts', password: 'nope' }),
      ['a@example.com'],
      alertEmail(message),
      sandboxLike,
    );
    expect(wrong).toMatchObject({ ok: false, message: expect.stringMatching(/^the mail server refused: .*Invalid username or password/) });
    const refusing = await catcher({ refuse: true });
    const refused = await sendEmail(smtpAt('127.0.0.1', refusing.port), ['a@example.com'], alertEmail(message), sandboxLike);
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/Mailbox unavailable/) });
  });

  it('give up after the timeout on a server that never greets', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => silent.close(() => resolve())));
    const started = Date.now();
    const sent = await sendEmail(smtpAt('127.0.0.1', (silent.address() as AddressInfo).port), ['a@example.com'], alertEmail(message), {
      ...sandboxLike,
      timeoutMs: 400,
    });
    expect(sent).toEqual({ ok: false, message: 'the mail server did not answer within 400 ms' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  describe('refuse a mail server on a forbidden address in service mode, before connecting', () => {
    const cases: [string, string, Resolver | undefined][] = [
      ['IPv4 loopback by IP', '127.0.0.1', undefined],
      ['IPv6 loopback by IP', '::1', undefined],
      ['a private IPv4 address', '10.1.2.3', undefined],
      ['link-local (cloud metadata)', '169.254.169.254', undefined],
      ['an IPv6 unique-local address', 'fd00::1', undefined],
      ['a name resolving to loopback', 'mail.example.com', resolvingTo('127.0.0.1')],
      ['a name resolving to a private address among public ones', 'mail.example.com', resolvingTo('93.184.216.34', '192.168.1.5')],
      ['a name resolving to IPv4-mapped loopback', 'mail.example.com', resolvingTo('::ffff:127.0.0.1')],
    ];
    for (const [label, host, resolve] of cases) {
      it(label, async () => {
        const sent = await sendEmail(smtpAt(host, 25, { security: 'starttls' }), ['a@example.com'], alertEmail(message), {
          ...(resolve && { resolve }),
        });
        expect(sent.ok).toBe(false);
        if (!sent.ok)
          expect(sent.message).toMatch(
            /^the mail server (resolves to|points at) \S+, an? [\w -]+ address; alerts go only to public addresses$/,
          );
      });
    }
  });

  it('allow plain SMTP only where plain http is allowed: never in service mode, to loopback only in the sandbox', async () => {
    const mail = await catcher();
    const service = await sendEmail(smtpAt('127.0.0.1', mail.port), ['a@example.com'], alertEmail(message), { allowLoopback: true });
    expect(service).toMatchObject({ ok: false, message: expect.stringMatching(/^plain SMTP is not allowed here/) });
    const toPrivate = await sendEmail(smtpAt('mail.internal', 25), ['a@example.com'], alertEmail(message), {
      ...sandboxLike,
      allowPrivate: true,
      resolve: resolvingTo('10.0.0.5'),
    });
    expect(toPrivate).toEqual({ ok: false, message: 'plain SMTP is allowed only to this machine (loopback); choose TLS or STARTTLS' });
    expect(mail.mails).toHaveLength(0);
  });

  it('check a destination’s addresses: at least one, at most 20, each an address', () => {
    expect(checkEmailAddresses('oncall@example.com, ops@example.com; oncall@example.com')).toEqual({
      ok: true,
      addresses: ['oncall@example.com', 'ops@example.com'],
    });
    expect(checkEmailAddresses(' , ')).toEqual({ ok: false, message: 'Give at least one e-mail address' });
    expect(checkEmailAddresses('oncall@example.com, not-an-address')).toEqual({
      ok: false,
      message: '“not-an-address” is not an e-mail address',
    });
    expect(checkEmailAddresses(Array.from({ length: 21 }, (_, i) => `p${i}@example.com`).join(','))).toEqual({
      ok: false,
      message: 'At most 20 addresses per destination',
    });
  });
});
