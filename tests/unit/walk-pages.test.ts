import { describe, expect, it } from 'vitest';
import { walkPages, WALK_PAGE_SIZE } from '@/lib/partner/walk-pages';

function pages(total: number, withHasMore: boolean) {
  const calls: number[] = [];
  const fetchPage = async (limit: number, offset: number) => {
    calls.push(offset);
    const data = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i);
    return { data, pagination: withHasMore ? { has_more: offset + data.length < total } : null, tag: `page@${offset}` };
  };
  return { calls, fetchPage };
}

describe('walkPages', () => {
  it('reads every page and keeps the first body', async () => {
    const { calls, fetchPage } = pages(250, true);
    const { items, first } = await walkPages(fetchPage);
    expect(items).toHaveLength(250);
    expect(calls).toEqual([0, WALK_PAGE_SIZE, 2 * WALK_PAGE_SIZE]);
    expect(first?.tag).toBe('page@0');
  });
  it('stops at the first short page when has_more is absent', async () => {
    const { calls, fetchPage } = pages(150, false);
    expect((await walkPages(fetchPage)).items).toHaveLength(150);
    expect(calls).toEqual([0, WALK_PAGE_SIZE]);
  });
  it('stops on an empty page even if has_more says otherwise', async () => {
    const { items } = await walkPages(async () => ({ data: [] as number[], pagination: { has_more: true } }));
    expect(items).toEqual([]);
  });
});
