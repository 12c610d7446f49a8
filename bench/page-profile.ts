/**
 * Where a page's server time goes. The dashboard, started with BENCH_PROFILE, appends one line per
 * session lookup, store statement, call-budget write and Partner API call it makes
 * (lib/config/bench-profile.ts); here each line is matched to the render it fell in by time.
 *
 * A part's time is the wall time during which at least one of its kind was in flight, so the
 * overview's four cards reading the store at once count once, not four times. What no part covers
 * is the rest: React's render, Next's routing and streaming, the HTTP exchange itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { RenderWindow } from './page-time';

const PARTS = ['session', 'store', 'budget', 'api'] as const;
type Part = (typeof PARTS)[number];
type Span = { part: Part; start: number; end: number };

export type PageProfile = Record<Part | 'rest' | 'document', number>;

function isSpan(value: unknown): value is Span {
  if (typeof value !== 'object' || value === null) return false;
  const { part, start, end } = value as Record<string, unknown>;
  return PARTS.some((p) => p === part) && typeof start === 'number' && typeof end === 'number';
}

export function readSpans(file: string): Span[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line): unknown => JSON.parse(line))
    .filter(isSpan);
}

/** Milliseconds of `window` covered by at least one span, each span clipped to the window. */
function covered(spans: Span[], window: RenderWindow): number {
  const clipped = spans
    .map((s) => ({ start: Math.max(s.start, window.start), end: Math.min(s.end, window.end) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let reach = window.start;
  for (const s of clipped) {
    if (s.end <= reach) continue;
    total += s.end - Math.max(s.start, reach);
    reach = s.end;
  }
  return total;
}

/**
 * The mean of each part over the renders (means, unlike medians, add up: the parts and the rest
 * make the mean document time). Background work that ran during a render (the directory sync, the
 * delivery watch) is counted in it too; the bench's renders are one at a time, so nothing else is.
 */
export function profileRenders(renders: RenderWindow[], spans: Span[]): PageProfile {
  const sum: PageProfile = { session: 0, store: 0, budget: 0, api: 0, rest: 0, document: 0 };
  for (const window of renders) {
    const inside = spans.filter((s) => s.end > window.start && s.start < window.end);
    for (const part of PARTS)
      sum[part] += covered(
        inside.filter((s) => s.part === part),
        window,
      );
    sum.document += window.end - window.start;
    sum.rest += window.end - window.start - covered(inside, window);
  }
  const n = Math.max(1, renders.length);
  return {
    session: sum.session / n,
    store: sum.store / n,
    budget: sum.budget / n,
    api: sum.api / n,
    rest: sum.rest / n,
    document: sum.document / n,
  };
}

export function describeProfile(profile: PageProfile): string {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return (
    `session ${ms(profile.session)}, store ${ms(profile.store)}, call budget ${ms(profile.budget)}, ` +
    `API ${ms(profile.api)}, rest (render, framework) ${ms(profile.rest)} of ${ms(profile.document)}`
  );
}
