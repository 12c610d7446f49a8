import { setUpTestStore } from './use-test-store';
import { describe, expect, it } from 'vitest';
import { noteServiceDate, serviceClockNow } from '@/lib/connection/service-clock';

await setUpTestStore('service_clock');

const wall = Date.UTC(2026, 10, 27, 12, 0, 0);

describe("the service's clock", () => {
  it('is ours while the answers agree with it within seconds', async () => {
    await noteServiceDate(new Date(wall + 2_000).toUTCString(), wall);
    expect(await serviceClockNow(wall)).toBe(wall);
    await noteServiceDate('not a date', wall);
    expect(await serviceClockNow(wall)).toBe(wall);
  });

  it('follows an answer that says it is three hours later, and comes back when a fresh service says otherwise', async () => {
    await noteServiceDate(new Date(wall + 3 * 3_600_000).toUTCString(), wall);
    expect(await serviceClockNow(wall + 60_000)).toBe(wall + 60_000 + 3 * 3_600_000);
    await noteServiceDate(new Date(wall).toUTCString(), wall);
    expect(await serviceClockNow(wall)).toBe(wall);
  });
});
