// Walking a limit/offset list of Partner API v1 page by page (D3), in the style of openai-node's
// auto-pagination: `for await (const page of client.iterPages(client.listRobots, { limit: 100 }))`.
import type { Pagination } from './schemas';
import type { PageQuery } from './types';

/** Any list answer: items under `data`, and the pagination block the contract gives every list. */
export type PagedList<T> = { data?: T[] | null; pagination?: Pagination | null };

export type ItemOf<L> = L extends { data?: (infer T)[] | null } ? T : never;

/** One page as the walk read it. */
export type Page<T, L = PagedList<T>> = {
  /** Zero-based, in walk order. */
  index: number;
  /** Where this page starts in the list. */
  offset: number;
  items: T[];
  /** `pagination.total_count` as this page gave it; null when the service omits it. */
  totalCount: number | null;
  /** The whole answer, for fields beside the list (the usage report's `metadata`). */
  list: L;
};

export type ReadPage<L> = (query: Required<PageQuery>) => Promise<L>;

export type IterPagesOptions<L> = {
  /** Page size; D3 allows up to 100. */
  limit?: number;
  offset?: number;
  /** A first page already read (a look at the head), yielded instead of being read again. */
  first?: L;
};

/**
 * Whether a further page exists after `page`. `has_more` decides when given (D3); else the total the
 * first answers gave; else a short page ends the list. An empty page always ends it, so a list that
 * shrinks under the walk cannot keep it asking for ever.
 */
function morePages<T>(page: Page<T, PagedList<unknown>>, limit: number): boolean {
  if (page.items.length === 0) return false;
  const hasMore = page.list.pagination?.has_more;
  if (typeof hasMore === 'boolean') return hasMore;
  if (page.totalCount !== null) return page.offset + page.items.length < page.totalCount;
  return page.items.length === limit;
}

/**
 * The pages of one list, read one at a time as the loop asks for them: nothing is read ahead, so a
 * caller that stops early (or waits for the call budget between pages) costs only what it read.
 */
export async function* iterPages<L extends PagedList<unknown>>(
  read: ReadPage<L>,
  options: IterPagesOptions<L> = {},
): AsyncGenerator<Page<ItemOf<L>, L>> {
  const limit = options.limit ?? 100;
  let offset = options.offset ?? 0;
  let pending: L | undefined = options.first;
  for (let index = 0; ; index++) {
    let list: L;
    if (pending) {
      list = pending;
      pending = undefined;
    } else {
      list = await read({ limit, offset });
    }
    const page: Page<ItemOf<L>, L> = {
      index,
      offset,
      items: (list.data ?? []) as ItemOf<L>[],
      totalCount: list.pagination?.total_count ?? null,
      list,
    };
    yield page;
    if (!morePages(page, limit)) return;
    offset += limit;
  }
}
