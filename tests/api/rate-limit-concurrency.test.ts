import { describe, expect, it } from 'vitest';
import { rawRequest, type RawAnswer } from './hostile-http';
import { setUpSandbox, type ErrorBody } from './support';

// D4 under load: requests that arrive together are counted one by one, so exactly `limit` of them
// get through in a window and every other one is a 429 with Retry-After, however they interleave.

const sandbox = setUpSandbox();

/** `count` authenticated requests sent at once, each on its own connection; some succeed, some fail (404), all count. */
function burst(key: string, count: number): Promise<RawAnswer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      rawRequest(sandbox.url, {
        method: i % 3 === 2 ? 'DELETE' : 'GET',
        path: i % 3 === 2 ? '/v1/robots/rb_missing' : '/v1/robots',
        headers: { authorization: `Bearer ${key}`, connection: 'close' },
      }),
    ),
  );
}

function expectExact(answers: RawAnswer[], limit: number): void {
  const limited = answers.filter((a) => a.status === 429);
  const counted = answers.filter((a) => a.status !== 429);
  expect(counted).toHaveLength(limit);
  expect(limited).toHaveLength(answers.length - limit);
  expect(new Set(counted.map((a) => a.status))).toEqual(new Set([200, 404]));
  for (const answer of limited) {
    expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((JSON.parse(answer.text) as ErrorBody).error.code).toBe('rate_limited');
  }
}

describe('rate limit under concurrency (D4)', () => {
  it('400 requests at once against 300/min: exactly 300 are served, 100 get 429 with Retry-After', { timeout: 60_000 }, async () => {
    const { api_key } = await sandbox.createAccount({ rate_limit_per_minute: 300 });
    expectExact(await burst(api_key, 400), 300);
    // The window is full: the next one waits too.
    const after = await rawRequest(sandbox.url, { method: 'GET', path: '/v1/robots', headers: { authorization: `Bearer ${api_key}` } });
    expect(after.status).toBe(429);
  });

  it('two accounts bursting together each get exactly their own limit', async () => {
    const first = await sandbox.createAccount({ rate_limit_per_minute: 7 });
    const second = await sandbox.createAccount({ rate_limit_per_minute: 11 });
    const [a, b] = await Promise.all([burst(first.api_key, 40), burst(second.api_key, 40)]);
    expectExact(a ?? [], 7);
    expectExact(b ?? [], 11);
  });

  it('after the window slides (sandbox clock), exactly `limit` more get through', async () => {
    const { api_key } = await sandbox.createAccount({ rate_limit_per_minute: 20 });
    expectExact(await burst(api_key, 50), 20);
    await sandbox.advanceClock(61);
    expectExact(await burst(api_key, 50), 20);
  });
});
