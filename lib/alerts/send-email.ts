import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import { classifyAddress, decideAddresses, type AddressPolicyOptions } from './address-policy';
import { DEFAULT_TIMEOUT_MS, systemResolver, untilAborted, type ResolvedAddress, type Resolver } from './safe-post';
import type { SmtpForSending } from './smtp-settings';

/**
 * Sends one alert by e-mail through the admin's mail server, under the same rules as a webhook
 * post: the server's name is resolved once, every address is checked, and the connection goes to
 * the checked address (the name stays the TLS server name, so the certificate is still verified
 * against it). Plain SMTP is allowed where plain http is. docs/dashboard/alert-destinations-safety.md.
 */
export type EmailResult = { ok: true } | { ok: false; message: string };

export interface EmailOptions extends AddressPolicyOptions {
  /** The whole send, resolving included; default 5 s like a post, and 15 s at most for a slow server. */
  timeoutMs?: number;
  resolve?: Resolver;
}

export type AlertEmail = { subject: string; text: string };

/** One alert as an e-mail: its first line the subject, each fact on a line of its own. */
export function alertEmail(message: { text?: unknown }): AlertEmail {
  const parts = String(message.text ?? 'Alert from the partner dashboard').split(' · ');
  const subject = (parts[0] ?? '').slice(0, 200);
  return { subject, text: `${parts.join('\n')}\n\nSent by the partner dashboard's alerts. Manage destinations on its Settings page.\n` };
}

export async function sendEmail(
  smtp: SmtpForSending,
  to: readonly string[],
  email: AlertEmail,
  options: EmailOptions = {},
): Promise<EmailResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (smtp.security === 'none' && !options.allowHttp) {
    return {
      ok: false,
      message: 'plain SMTP is not allowed here (it would send alerts and the password readable); choose TLS or STARTTLS',
    };
  }
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    let addresses: readonly ResolvedAddress[];
    const literal = isIP(smtp.host) !== 0;
    if (literal) addresses = [{ address: smtp.host, family: isIP(smtp.host) }];
    else {
      try {
        addresses = await untilAborted((options.resolve ?? systemResolver)(smtp.host), deadline.signal);
      } catch {
        return { ok: false, message: deadline.signal.aborted ? timedOut(timeoutMs) : `could not find the mail server ${smtp.host}` };
      }
    }
    const decision = decideAddresses(
      addresses.map((a) => a.address),
      'https:',
      options,
      literal ? 'points at' : 'resolves to',
      'the mail server',
    );
    if (!decision.ok) return decision;
    if (
      smtp.security === 'none' &&
      options.allowHttp === 'loopback' &&
      !addresses.every((a) => classifyAddress(a.address) === 'loopback')
    ) {
      return { ok: false, message: 'plain SMTP is allowed only to this machine (loopback); choose TLS or STARTTLS' };
    }
    const [target] = addresses;
    if (!target) return { ok: false, message: 'the mail server has no address' };
    const transport = nodemailer.createTransport({
      host: target.address,
      port: smtp.port,
      secure: smtp.security === 'tls',
      requireTLS: smtp.security === 'starttls',
      ignoreTLS: smtp.security === 'none',
      ...(literal ? {} : { tls: { servername: smtp.host } }),
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    try {
      await untilAborted(transport.sendMail({ from: smtp.from, to: [...to], subject: email.subject, text: email.text }), deadline.signal);
      return { ok: true };
    } catch (error) {
      if (deadline.signal.aborted) return { ok: false, message: timedOut(timeoutMs) };
      return { ok: false, message: `the mail server refused: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}` };
    } finally {
      transport.close();
    }
  } finally {
    clearTimeout(timer);
  }
}

function timedOut(timeoutMs: number): string {
  return `the mail server did not answer within ${timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}`;
}
