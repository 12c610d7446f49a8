import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform base62 from the CSPRNG; bytes >= 248 are rejected so no character is favoured. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export const newId = {
  account: () => `acc_${randomBase62(16)}`,
  robot: () => `rb_${randomBase62(16)}`,
  channel: () => `ch_${randomBase62(16)}`,
  request: () => `req_${randomBase62(24)}`,
};
