import { SAFE_ID } from '@/lib/ui/search-params';
import type { SeriesScope } from './series';

/** The series' scope as the URL gives it: `robot` (an id) wins over `customer` (an `external_id`); neither is the account. */
export function seriesScope(robot: string | undefined, customer: string | undefined): SeriesScope {
  if (robot && SAFE_ID.test(robot)) return { kind: 'robot', robotId: robot };
  const externalId = customer?.trim().slice(0, 200);
  return externalId ? { kind: 'customer', externalId } : { kind: 'account' };
}
