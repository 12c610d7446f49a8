import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, schema } from '@/lib/db';
import { mergeJsonSetting, readSetting, writeSetting } from '@/lib/db/settings';

/**
 * What a mirror knows about itself, kept in the store's settings so that every instance sees the
 * same progress and freshness, whichever one reads the list.
 */
const FillSchema = z.object({
  startedAt: z.string(),
  /** When the fill last read a page: a fill not heard of for a while died with its process. */
  updatedAt: z.string(),
  pass: z.number().int(),
  pagesRead: z.number().int(),
  itemsRead: z.number().int(),
  totalCount: z.number().nullable(),
});

/**
 * The last pass of a watch that reads only what changed (the deliveries watch), rather than a whole
 * list: what it cost and how far back what it holds is whole.
 */
const WatchPassSchema = z.object({
  at: z.string(),
  calls: z.number().int(),
  /** The most calls a pass may make. */
  bound: z.number().int(),
  /** The pass ran out of calls before reading everything that changed: figures on it are sampled. */
  behind: z.boolean(),
  /** From this instant on, every item of the list has been read at least once; null until then. */
  completeSince: z.string().nullable(),
});

export type WatchPass = z.infer<typeof WatchPassSchema>;

const MirrorStatusSchema = z.object({
  /** When a fill last completed and was swapped in; null until the first has. */
  completedAt: z.string().nullable().catch(null),
  /** Whether that fill passed the mirror's own check (a list that moved under it may not). */
  verified: z.boolean().catch(false),
  /** When the list was last looked at, by a fill or by a cheap look at its head. */
  lookedAt: z.string().nullable().catch(null),
  /** The list's `total_count` as last seen. */
  totalCount: z.number().nullable().catch(null),
  /** A look showed the list differs from what the mirror holds: it is not complete until a fill ends. */
  stale: z.boolean().catch(false),
  fill: FillSchema.nullable().catch(null),
  lastError: z.object({ at: z.string(), message: z.string() }).nullable().catch(null),
  watch: WatchPassSchema.nullable().catch(null),
});

export type MirrorStatus = z.infer<typeof MirrorStatusSchema>;
export type MirrorFill = z.infer<typeof FillSchema>;

const EMPTY: MirrorStatus = {
  completedAt: null,
  verified: false,
  lookedAt: null,
  totalCount: null,
  stale: false,
  fill: null,
  lastError: null,
  watch: null,
};

/** A fill waits at most 15 minutes for a budget slot (whenBudgetAllows); silent longer, it is gone. */
const FILL_SILENT_MS = 20 * 60_000;

const settingOf = (key: string) => `mirror:${key}`;

function parseStatus(raw: string | null | undefined): MirrorStatus {
  if (!raw) return EMPTY;
  try {
    const parsed = MirrorStatusSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

export async function mirrorStatus(key: string): Promise<MirrorStatus> {
  return parseStatus(await readSetting(settingOf(key)));
}

/**
 * Changes part of the status and gives the whole as written. A fill's progress and a look at the
 * head may write at once: under a lock per key neither puts back what the other just changed (a
 * lost "completed at" would leave the mirror incomplete until its next fill).
 */
export async function writeMirrorStatus(
  key: string,
  change: Partial<MirrorStatus> | ((status: MirrorStatus) => Partial<MirrorStatus>),
): Promise<MirrorStatus> {
  const setting = settingOf(key);
  // Fields known up front (a look at the head writes one on every page view) merge in one
  // statement instead of a locked transaction of five; a change computed from the status needs the lock.
  if (typeof change !== 'function') {
    const merged = await mergeJsonSetting(setting, change);
    if (merged !== null) return parseStatus(merged);
  }
  return (await getDb()).transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${setting}))`);
    // The row lock holds off a merge (above) until this transaction has written; a first write
    // makes the row before locking it, or a merge inserting it meanwhile would be written over.
    await tx
      .insert(schema.settings)
      .values({ key: setting, value: '{}', updatedAt: new Date().toISOString() })
      .onConflictDoNothing({ target: schema.settings.key });
    const [row] = await tx
      .select({ value: schema.settings.value })
      .from(schema.settings)
      .where(eq(schema.settings.key, setting))
      .for('update');
    const before = parseStatus(row?.value);
    const status = { ...before, ...(typeof change === 'function' ? change(before) : change) };
    await writeSetting(setting, JSON.stringify(status), tx);
    return status;
  });
}

/** The fill under way, in this instance or another; none when the last one fell silent. */
export function fillUnderWay(status: MirrorStatus, now = Date.now()): MirrorFill | null {
  const fill = status.fill;
  return fill && now - Date.parse(fill.updatedAt) < FILL_SILENT_MS ? fill : null;
}

/** Complete: a fill has been swapped in and no look since has shown the list to differ from it. */
export const isComplete = (status: MirrorStatus): boolean => status.completedAt !== null && !status.stale;
