import 'server-only';
import { readSetting, writeSetting } from '@/lib/db/settings';

/**
 * The service's clock as its answers' `Date` header states it. A real service's agrees with ours;
 * the sandbox's can be advanced (and says so in that header), and the dashboard's windows (silence,
 * webhook health, handshakes still pending) follow it, so an advance shows on the overview as the
 * time passing would. Kept as an offset from our clock in the store, so every instance shares it.
 */
const SETTING = 'service_clock_ahead_ms';
/** Below this the clocks agree: `Date` has whole seconds, answers take time, and real clocks drift a little. */
const AGREE_MS = 5_000;

// What this process last wrote, so an answer that changes nothing writes nothing.
const memo = globalThis as unknown as { serviceClockAheadMs?: number };

/** Notes an answer's `Date` header; only a change of more than a few seconds is written. */
export async function noteServiceDate(date: string | undefined, receivedAt = Date.now()): Promise<void> {
  const stated = date ? Date.parse(date) : Number.NaN;
  if (Number.isNaN(stated)) return;
  const ahead = stated - receivedAt > AGREE_MS ? stated - receivedAt : 0;
  if (memo.serviceClockAheadMs !== undefined && Math.abs(ahead - memo.serviceClockAheadMs) < AGREE_MS) return;
  memo.serviceClockAheadMs = ahead;
  await writeSetting(SETTING, String(Math.round(ahead)));
}

/** "Now" by the service's clock: ours, or later when the service's runs ahead. */
export async function serviceClockNow(wall = Date.now()): Promise<number> {
  const ahead = Number(await readSetting(SETTING));
  return Number.isFinite(ahead) && ahead > 0 ? wall + ahead : wall;
}

/** How far the service's clock runs ahead of ours, for saying "how long ago" on its clock. */
export async function serviceAheadMs(wall = Date.now()): Promise<number> {
  return (await serviceClockNow(wall)) - wall;
}
