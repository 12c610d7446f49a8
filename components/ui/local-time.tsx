'use client';

import { useEffect, useState } from 'react';
import { formatDateTime } from '@/lib/ui/format';

const RELATIVE_FOR_MS = 24 * 60 * 60 * 1000;
const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
// `dateStyle` cannot be combined with `timeZoneName`, so the parts are named one by one.
const LOCAL = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "3 min ago", "in 2 h": for instants within a day of now. */
export function relativeTime(ms: number, now: number): string | null {
  const diff = ms - now;
  if (Math.abs(diff) >= RELATIVE_FOR_MS) return null;
  const abs = Math.abs(diff);
  if (abs < 45_000) return diff <= 0 ? 'just now' : 'in a few seconds';
  if (abs < 3_600_000) return relative.format(Math.round(diff / 60_000), 'minute');
  return relative.format(Math.round(diff / 3_600_000), 'hour');
}

/**
 * An instant in the viewer's own time zone, with the zone named, and how long ago when recent; the
 * UTC time is on hover. The server renders UTC (it cannot know the zone) and the browser replaces it.
 * `aheadMs`: how far the service's clock runs ahead of ours (the sandbox's can be advanced), so "ago"
 * is measured on the clock the instant was stamped with.
 */
export function LocalTime({
  iso,
  unknown = 'unknown',
  aheadMs = 0,
}: {
  iso: string | null | undefined;
  unknown?: string;
  aheadMs?: number;
}) {
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (!iso) return;
    const ms = Date.parse(iso);
    if (Number.isNaN(ms)) return;
    const update = () => {
      const local = LOCAL.format(new Date(ms));
      const ago = relativeTime(ms, Date.now() + aheadMs);
      setShown(ago ? `${ago} (${local})` : local);
    };
    update();
    const timer = setInterval(update, 30_000);
    return () => clearInterval(timer);
  }, [iso, aheadMs]);
  if (!iso) return <span className="text-slate-500">{unknown}</span>;
  const utc = formatDateTime(iso);
  return (
    <time dateTime={iso} title={utc} suppressHydrationWarning>
      {shown ?? utc}
    </time>
  );
}
