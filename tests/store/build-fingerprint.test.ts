import { setUpTestStore } from './use-test-store';
import { beforeAll, describe, expect, it } from 'vitest';

await setUpTestStore('build_fingerprint');

const { claimBuildFingerprint, GONE_AFTER_MS, refusalMessage } = await import('@/lib/deploy/build-fingerprint');
const { getDb } = await import('@/lib/db');

// Opening the store (migrations included) is not what the tests time.
beforeAll(async () => {
  await getDb();
}, 60_000);

describe("instances sharing a store keep one build's server-action key", () => {
  it('lets instances of one build start, refuses another build while one is alive, and lets it take over once the old ones are gone', async () => {
    const start = new Date('2026-11-27T10:00:00Z');
    const later = (ms: number) => new Date(start.getTime() + ms);
    expect(await claimBuildFingerprint('aaaaaaaaaaaaaaaa', start)).toEqual({ ok: true });
    expect(await claimBuildFingerprint('aaaaaaaaaaaaaaaa', later(1_000))).toEqual({ ok: true });

    const refused = await claimBuildFingerprint('bbbbbbbbbbbbbbbb', later(31_000));
    expect(refused).toEqual({ ok: false, theirs: 'aaaaaaaaaaaaaaaa', seenSecondsAgo: 30 });
    if (refused.ok) throw new Error('refused above');
    expect(refusalMessage('bbbbbbbbbbbbbbbb', refused)).toMatch(
      /fingerprint bbbbbbbbbbbbbbbb\) differs .* \(aaaaaaaaaaaaaaaa, alive 30 s ago\).*same AUTH_SECRET/,
    );

    // The old instance keeps its claim fresh, so the other build stays out.
    expect(await claimBuildFingerprint('aaaaaaaaaaaaaaaa', later(60_000))).toEqual({ ok: true });
    expect((await claimBuildFingerprint('bbbbbbbbbbbbbbbb', later(60_000 + GONE_AFTER_MS - 1_000))).ok).toBe(false);
    // Once it has been quiet past the limit (every old instance stopped), the new build takes over.
    expect(await claimBuildFingerprint('bbbbbbbbbbbbbbbb', later(60_000 + GONE_AFTER_MS + 1_000))).toEqual({ ok: true });
    expect((await claimBuildFingerprint('aaaaaaaaaaaaaaaa', later(60_000 + GONE_AFTER_MS + 2_000))).ok).toBe(false);
  });

  it('claims under one lock: of two builds starting at once, exactly one gets in', async () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const claims = await Promise.all(
      ['cccccccccccccccc', 'dddddddddddddddd', 'cccccccccccccccc', 'dddddddddddddddd'].map((fingerprint) =>
        claimBuildFingerprint(fingerprint, now).then((claim) => ({ fingerprint, ok: claim.ok })),
      ),
    );
    const admitted = new Set(claims.filter((claim) => claim.ok).map((claim) => claim.fingerprint));
    expect(admitted.size).toBe(1);
  });
});
