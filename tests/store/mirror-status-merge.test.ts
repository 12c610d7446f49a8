import { setUpTestStore } from './use-test-store';
import { beforeAll, describe, expect, it } from 'vitest';

await setUpTestStore('mirror_status_merge');

const { noteLook } = await import('@/lib/sync/mirror');
const { mirrorStatus, writeMirrorStatus } = await import('@/lib/sync/status');
const { readSetting, writeSetting } = await import('@/lib/db/settings');
const { getDb } = await import('@/lib/db');

beforeAll(() => getDb(), 120_000);

const fill = (itemsRead: number) => ({
  startedAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:01.000Z',
  pass: 1,
  pagesRead: 1,
  itemsRead,
  totalCount: 500,
});

describe('a mirror status written in parts', () => {
  it('keeps what an earlier write set when a look writes its own fields', async () => {
    await writeMirrorStatus('merge-keeps', { completedAt: '2026-11-01T10:00:00.000Z', verified: true });
    const written = await noteLook('merge-keeps', { totalCount: 240, stale: true });
    const read = await mirrorStatus('merge-keeps');
    for (const status of [written, read]) {
      expect(status.completedAt).toBe('2026-11-01T10:00:00.000Z');
      expect(status.verified).toBe(true);
      expect(status.totalCount).toBe(240);
      expect(status.stale).toBe(true);
      expect(status.lookedAt).not.toBeNull();
    }
  });

  it('loses neither write when a change computed from the status and looks run at once', async () => {
    for (let round = 0; round < 10; round++) {
      const key = `merge-race-${round}`;
      await Promise.all([
        writeMirrorStatus(key, (before) => ({ fill: fill((before.fill?.itemsRead ?? 0) + 100) })),
        noteLook(key, { totalCount: 300 + round, stale: false }),
        writeMirrorStatus(key, { lastError: { at: '2026-11-01T00:00:02.000Z', message: 'page 3 answered 503' } }),
      ]);
      const status = await mirrorStatus(key);
      expect(status.fill?.itemsRead).toBe(100);
      expect(status.totalCount).toBe(300 + round);
      expect(status.lastError?.message).toBe('page 3 answered 503');
    }
  });

  it('writes a whole status over a stored value that is not a JSON object', async () => {
    for (const [key, unreadable] of [
      ['merge-garbage', 'not json {'],
      ['merge-array', '[1,2,3]'],
      ['merge-scalar', '42'],
    ] as const) {
      await writeSetting(`mirror:${key}`, unreadable);
      const written = await noteLook(key, { totalCount: 12, stale: true });
      expect(written.totalCount).toBe(12);
      const stored = JSON.parse((await readSetting(`mirror:${key}`)) ?? 'null') as Record<string, unknown>;
      expect(stored).toMatchObject({ totalCount: 12, stale: true, completedAt: null });
      expect((await mirrorStatus(key)).stale).toBe(true);
    }
  });
});
