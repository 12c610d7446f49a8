import { z } from 'zod';

/** An e-mail destination's addresses: up to 20, comma- or space-separated, each checked as an address. */
export const MAX_EMAIL_ADDRESSES = 20;

const addressSchema = z.email();

export function emailAddresses(list: string): string[] {
  return list
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter((a) => a !== '');
}

export type AddressListCheck = { ok: true; addresses: string[] } | { ok: false; message: string };

export function checkEmailAddresses(list: string): AddressListCheck {
  const addresses = [...new Set(emailAddresses(list))];
  if (addresses.length === 0) return { ok: false, message: 'Give at least one e-mail address' };
  if (addresses.length > MAX_EMAIL_ADDRESSES) return { ok: false, message: `At most ${MAX_EMAIL_ADDRESSES} addresses per destination` };
  const bad = addresses.find((a) => !addressSchema.safeParse(a).success);
  return bad ? { ok: false, message: `“${bad.slice(0, 100)}” is not an e-mail address` } : { ok: true, addresses };
}
