import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolAt = 0;

/**
 * CSPRNG bytes drawn 4 KiB at a time (as Node's own randomUUID does): one call into OpenSSL per
 * ~80 request ids instead of one per id, on the path every request takes.
 */
export function pooledRandomBytes(count: number): Buffer {
  if (poolAt + count > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, count));
    poolAt = 0;
  }
  const bytes = pool.subarray(poolAt, poolAt + count);
  poolAt += count;
  return bytes;
}

/** Uniform base62 from the CSPRNG; bytes >= 248 are rejected so no character is favoured. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of pooledRandomBytes(length * 2)) {
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
