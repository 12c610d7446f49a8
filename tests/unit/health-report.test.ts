import { beforeEach, describe, expect, it, vi } from 'vitest';

// The store as the health check may find it: failing at once, or not answering at all.
const store = vi.hoisted(() => ({ open: (): Promise<never> => Promise.reject(new Error('connection refused')) }));
vi.mock('@/lib/db', () => ({ getDb: () => store.open(), schema: {} }));

process.env.AUTH_SECRET ??= 'health-report-secret-0123456789abcdefghijkl';
const { healthReport } = await import('@/lib/deploy/health-report');

describe('the public health check without its store', () => {
  beforeEach(() => {
    store.open = () => Promise.reject(new Error('connection refused'));
  });

  it('still says the process is ok when the store fails, and that the store is unavailable', async () => {
    expect(await healthReport()).toEqual({ ok: true, instance: expect.any(String), store: 'unavailable' });
  });

  it('does not wait on a store that never answers longer than its bound', async () => {
    store.open = () => new Promise<never>(() => {});
    const started = Date.now();
    expect(await healthReport()).toMatchObject({ ok: true, store: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('names the instance by a hash of its host, its pid and a random suffix, never the hostname itself', async () => {
    expect((await healthReport()).instance).toMatch(new RegExp(`^[0-9a-f]{8}-${process.pid}-[0-9a-f]{6}$`));
  });
});
