import { beforeAll, describe, expect, it } from 'vitest';

beforeAll(() => {
  process.env.AUTH_SECRET = 'unit-test-auth-secret-0123456789abcdefghij';
});

describe('secret box', () => {
  it('round-trips and never stores the plain value', async () => {
    const { decryptSecret, encryptSecret } = await import('@/lib/connection/secret-box');
    const sealed = encryptSecret('pk_live_abcdefghijklmnopqrstuvwxyz012345');
    expect(sealed).not.toContain('pk_live_');
    expect(decryptSecret(sealed)).toBe('pk_live_abcdefghijklmnopqrstuvwxyz012345');
  });
  it('refuses a tampered value', async () => {
    const { decryptSecret, encryptSecret } = await import('@/lib/connection/secret-box');
    const sealed = encryptSecret('secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(decryptSecret([parts[0], parts[1], parts[2], body.toString('base64')].join('.'))).toBeNull();
  });
  it('refuses a shortened authentication tag', async () => {
    const { decryptSecret, encryptSecret } = await import('@/lib/connection/secret-box');
    const [version, iv, tag, body] = encryptSecret('secret').split('.');
    // GCM would accept a truncated tag unless its length is pinned, making forgeries far easier.
    const short = Buffer.from(tag ?? '', 'base64')
      .subarray(0, 4)
      .toString('base64');
    expect(decryptSecret([version, iv, short, body].join('.'))).toBeNull();
  });
});

describe('key fingerprint', () => {
  it('shows the prefix and the last four characters only', async () => {
    const { keyFingerprint } = await import('@/lib/config/api-key');
    expect(keyFingerprint('pk_live_abcdefghijklmnopqrstuvwxyz0123WXYZ')).toBe('pk_live_…WXYZ');
    expect(keyFingerprint(null)).toBeNull();
  });
});
