import { describe, expect, it } from 'vitest';
import { iterPages, type PagedList } from '@/lib/partner';
import { clientAgainst } from './partner-test-server';

type Item = { id: string };
type List = PagedList<Item>;

/** A list of `size` items served from memory, recording each page asked for. */
function listOf(size: number, pagination: (offset: number, length: number) => List['pagination'] = defaultPagination(size)) {
  const asked: { limit: number; offset: number }[] = [];
  const read = async ({ limit, offset }: { limit: number; offset: number }): Promise<List> => {
    asked.push({ limit, offset });
    const data = Array.from({ length: Math.max(0, Math.min(limit, size - offset)) }, (_, i) => ({ id: `r${offset + i}` }));
    return { data, pagination: pagination(offset, data.length) };
  };
  return { asked, read };
}

function defaultPagination(size: number) {
  return (offset: number, length: number) => ({ limit: 100, offset, total_count: size, has_more: offset + length < size });
}

async function collect(pages: AsyncIterable<{ offset: number; items: Item[]; totalCount: number | null; index: number }>) {
  const seen: { index: number; offset: number; count: number; totalCount: number | null }[] = [];
  for await (const page of pages)
    seen.push({ index: page.index, offset: page.offset, count: page.items.length, totalCount: page.totalCount });
  return seen;
}

describe('paging through a list', () => {
  it('reads limit/offset pages until has_more ends, each page with the total the API gave', async () => {
    const list = listOf(250);
    expect(await collect(iterPages(list.read, { limit: 100 }))).toEqual([
      { index: 0, offset: 0, count: 100, totalCount: 250 },
      { index: 1, offset: 100, count: 100, totalCount: 250 },
      { index: 2, offset: 200, count: 50, totalCount: 250 },
    ]);
    expect(list.asked.map((q) => q.offset)).toEqual([0, 100, 200]);
  });

  it('reads nothing ahead: a loop that stops early costs only the pages it took', async () => {
    const list = listOf(1_000);
    for await (const page of iterPages(list.read, { limit: 100 })) if (page.index === 1) break;
    expect(list.asked).toHaveLength(2);
  });

  it('starts from a page already read without reading it again', async () => {
    const list = listOf(150);
    const first = await list.read({ limit: 100, offset: 0 });
    const pages = await collect(iterPages(list.read, { limit: 100, first }));
    expect(pages.map((p) => p.offset)).toEqual([0, 100]);
    expect(list.asked.map((q) => q.offset)).toEqual([0, 100]);
  });

  it('without has_more, trusts total_count; without either, stops at the first short page (D3)', async () => {
    const byTotal = listOf(200, (offset) => ({ offset, total_count: 200 }));
    expect((await collect(iterPages(byTotal.read, { limit: 100 }))).map((p) => p.count)).toEqual([100, 100]);
    expect(byTotal.asked).toHaveLength(2);

    const bare = listOf(230, () => null);
    expect((await collect(iterPages(bare.read, { limit: 100 }))).map((p) => p.count)).toEqual([100, 100, 30]);
    expect((await collect(iterPages(bare.read, { limit: 100 }))).at(0)?.totalCount).toBeNull();
  });

  it('ends at an empty page even when the service claims more', async () => {
    const lying = listOf(100, (offset) => ({ offset, total_count: 10_000, has_more: true }));
    expect((await collect(iterPages(lying.read, { limit: 100 }))).map((p) => p.count)).toEqual([100, 0]);
  });

  it('is on the client: for await over listRobots pages, one request a page', async () => {
    const page = (offset: number, ids: string[], total: number) => ({
      status: 200,
      body: {
        data: ids.map((id) => ({ id })),
        pagination: { limit: 2, offset, total_count: total, has_more: offset + ids.length < total },
      },
    });
    const { client, requests } = await clientAgainst([page(0, ['a', 'b'], 3), page(2, ['c'], 3)]);
    const ids: string[] = [];
    for await (const p of client.iterPages(client.listRobots, { limit: 2 })) ids.push(...p.items.flatMap((r) => (r.id ? [r.id] : [])));
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(requests.map((r) => r.url)).toEqual(['/v1/robots?limit=2&offset=0', '/v1/robots?limit=2&offset=2']);
  });
});
