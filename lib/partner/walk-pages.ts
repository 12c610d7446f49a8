import type { Pagination } from '@/lib/partner/schemas';

/** Page size used when walking a whole list: the largest the API accepts (D3). */
export const WALK_PAGE_SIZE = 100;
// A safety stop for an account far larger than a dashboard page should walk through.
const MAX_PAGES = 50;

type Page<T> = { data?: T[] | null; pagination?: Pagination | null };

/**
 * Reads every page of a paginated list, trusting `has_more` and, from a service that leaves it
 * out, stopping at the first short page. `first` is the first page's body, for its other fields.
 */
export async function walkPages<T, P extends Page<T>>(
  fetchPage: (limit: number, offset: number) => Promise<P>,
): Promise<{ items: T[]; first: P | undefined }> {
  const items: T[] = [];
  let first: P | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await fetchPage(WALK_PAGE_SIZE, page * WALK_PAGE_SIZE);
    first ??= body;
    const batch = body.data ?? [];
    items.push(...batch);
    if (!(body.pagination?.has_more ?? batch.length === WALK_PAGE_SIZE) || batch.length === 0) break;
  }
  return { items, first };
}
