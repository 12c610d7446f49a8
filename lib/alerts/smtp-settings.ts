import 'server-only';
import { z } from 'zod';
import { decryptSecret, encryptSecret } from '@/lib/connection/secret-box';
import { deleteSetting, readJsonSetting, writeSetting } from '@/lib/db/settings';
import { SMTP_SECURITY, type SmtpShown } from './smtp-words';

export { SMTP_SECURITY, type SmtpShown };

/**
 * The mail server alerts by e-mail go through, as an admin set it on Settings. The password is
 * sealed like the API key; pages see everything else. Without it, no e-mail destination can be
 * added and queued e-mails wait, failing, until it is set.
 */
const SETTING = 'alert_smtp';

const storedSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z.enum(SMTP_SECURITY),
  user: z.string().nullable(),
  sealedPassword: z.string().nullable(),
  from: z.string(),
});

export type SmtpForSending = Omit<SmtpShown, 'hasPassword'> & { password: string | null };

export async function smtpShown(): Promise<SmtpShown | null> {
  const stored = await readJsonSetting(SETTING, storedSchema);
  if (!stored) return null;
  const { sealedPassword, ...rest } = stored;
  return { ...rest, hasPassword: sealedPassword !== null };
}

/** For the sender only; null when unset, or when the password was sealed under another AUTH_SECRET. */
export async function smtpForSending(): Promise<SmtpForSending | null> {
  const stored = await readJsonSetting(SETTING, storedSchema);
  if (!stored) return null;
  const { sealedPassword, ...rest } = stored;
  if (sealedPassword === null) return { ...rest, password: null };
  const password = decryptSecret(sealedPassword);
  return password === null ? null : { ...rest, password };
}

/** A blank password keeps the one stored (the form never shows it), unless the user name is cleared too. */
export async function saveSmtp(input: Omit<SmtpForSending, 'password'> & { password: string }): Promise<void> {
  const before = await readJsonSetting(SETTING, storedSchema);
  const sealedPassword = input.user === null ? null : input.password ? encryptSecret(input.password) : (before?.sealedPassword ?? null);
  const stored: z.infer<typeof storedSchema> = {
    host: input.host,
    port: input.port,
    security: input.security,
    user: input.user,
    sealedPassword,
    from: input.from,
  };
  await writeSetting(SETTING, JSON.stringify(stored));
}

export async function removeSmtp(): Promise<void> {
  await deleteSetting(SETTING);
}
