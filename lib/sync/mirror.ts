import 'server-only';
import { whenBudgetAllows, type CallPurpose } from '@/lib/connection/budget';
import { iterPages, type ItemOf, type Page, type PagedList } from '@/lib/partner/pagination';
import type { PageQuery } from '@/lib/partner/types';
import { runOnce } from './registry';
import { writeMirrorStatus, type MirrorStatus } from './status';

/** What a fill read in one pass over the list. */
export type PassSummary = { pass: number; pagesRead: number; itemsRead: number; totalCount: number | null };

/** The store side of a mirror: where pages go while read, and how they replace what views read. */
export type MirrorTarget<L extends PagedList<unknown>> = {
  /** Before the first page of each pass: a staging place is made here. */
  begin?(pass: number): Promise<void>;
  /** One page, as read. */
  write(page: Page<ItemOf<L>, L>): Promise<void>;
  /**
   * After the last page of a pass: swap what was read in, or ask for another pass (the list moved
   * under this one), starting from `first` when the check already read the head again. `read` is
   * the mirror's own (budgeted, counted) read, for such a check.
   */
  finish(
    pass: PassSummary,
    read: (query: Required<PageQuery>) => Promise<L>,
  ): Promise<{ done: true; verified: boolean; totalCount?: number | null; kept?: number } | { again: true; first?: L }>;
  /** A fill that failed: what views read stays as it was. */
  discard?(error: unknown): Promise<void>;
};

export type MirrorDefinition<L extends PagedList<unknown>> = {
  /** One per mirrored list (`robots`, `usage:last_30_days`): one fill at a time runs per key. */
  key: string;
  /** Page size; D3 allows up to 100, the cheapest walk. */
  pageSize: number;
  /** Reads one page as `purpose`; the mirror waits for a budget slot around it. */
  read(query: Required<PageQuery>, purpose: CallPurpose): Promise<L>;
  /** Whose call each read is: background work (`sync`) unless a view waits on a small list. */
  purposeOf?(readIndex: number, pagesTotal: number | null): CallPurpose;
  target: MirrorTarget<L>;
  /** A head already read, used as the first page instead of reading it again. */
  first?: L;
};

/** The last pass, whether it passed the target's check, the calls the fill made and the items swapped in. */
export type MirrorOutcome = PassSummary & { verified: boolean; calls: number; kept: number };

const PROGRESS_EVERY_MS = 1_000;

const pagesOf = (total: number | null, pageSize: number) => (total === null ? null : Math.max(1, Math.ceil(total / pageSize)));

async function fill<L extends PagedList<unknown>>(definition: MirrorDefinition<L>): Promise<MirrorOutcome> {
  const { key, pageSize, target } = definition;
  const startedAt = new Date().toISOString();
  let calls = 0;
  let pagesTotal: number | null = null;
  const read = (query: Required<PageQuery>) => {
    const purpose = definition.purposeOf?.(calls, pagesTotal) ?? 'sync';
    calls += 1;
    return whenBudgetAllows(() => definition.read(query, purpose));
  };
  let first = definition.first;
  let progressWrittenAt = Date.now();
  await writeMirrorStatus(key, (before) => ({
    fill: { startedAt, updatedAt: startedAt, pass: 1, pagesRead: 0, itemsRead: 0, totalCount: before.totalCount },
  }));
  try {
    for (let pass = 1; ; pass++) {
      const summary: PassSummary = { pass, pagesRead: 0, itemsRead: 0, totalCount: null };
      await target.begin?.(pass);
      for await (const page of iterPages<L>(read, { limit: pageSize, first })) {
        await target.write(page);
        summary.pagesRead += 1;
        summary.itemsRead += page.items.length;
        summary.totalCount = page.totalCount ?? summary.totalCount;
        pagesTotal = pagesOf(summary.totalCount, pageSize);
        // Progress is for people: once a second is enough, and spares the store a write per page;
        // but a pass's first page brings the total the API gave, which is shown at once.
        if (page.index === 0 || Date.now() - progressWrittenAt >= PROGRESS_EVERY_MS) {
          progressWrittenAt = Date.now();
          const now = new Date(progressWrittenAt).toISOString();
          await writeMirrorStatus(key, { lookedAt: now, fill: { startedAt, updatedAt: now, ...summary } });
        }
      }
      const result = await target.finish(summary, read);
      if ('again' in result) {
        first = result.first;
        continue;
      }
      const totalCount = result.totalCount === undefined ? summary.totalCount : result.totalCount;
      const now = new Date().toISOString();
      await writeMirrorStatus(key, {
        completedAt: now,
        lookedAt: now,
        verified: result.verified,
        totalCount,
        stale: false,
        fill: null,
        lastError: null,
      });
      return { ...summary, totalCount, verified: result.verified, calls, kept: result.kept ?? summary.itemsRead };
    }
  } catch (err) {
    await target.discard?.(err);
    await writeMirrorStatus(key, {
      fill: null,
      lastError: { at: new Date().toISOString(), message: err instanceof Error ? err.message : String(err) },
    });
    throw err;
  }
}

/**
 * Reads a whole list into the store page by page and swaps it in once complete, recording progress
 * (pages and items read against the total the API gave) and freshness (when last complete) as it
 * goes. Every read waits for a budget slot rather than fail. A second caller for the same key, in
 * this process, joins the fill under way.
 */
export function fillMirror<L extends PagedList<unknown>>(definition: MirrorDefinition<L>): Promise<MirrorOutcome> {
  return runOnce(`mirror:${definition.key}`, () => fill(definition));
}

/** A cheap look at the list (its head) found it differs from the mirror: views stop calling it complete. */
export async function noteLook(key: string, look: { totalCount: number | null; stale: boolean }): Promise<MirrorStatus> {
  return writeMirrorStatus(key, { lookedAt: new Date().toISOString(), totalCount: look.totalCount, stale: look.stale });
}
