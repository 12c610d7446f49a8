import type { TestSandbox } from './support';

export interface UsageEntry {
  robot_id: string;
  external_id: string | null;
  name: string;
  messages: { total: number; units: number; by_role: { client: number; ai: number; operator: number } };
  conversations: { total: number };
  channels_connected: number;
}

export interface UsageBody {
  window: { from: string; to: string };
  data: UsageEntry[];
  pagination: { limit: number; offset: number; total_count: number; has_more: boolean };
  metadata: { processed_at: string; cache_hit: boolean };
}

export const DAY = 86_400_000;
export const iso = (ms: number) => new Date(ms).toISOString();

export function usage(sandbox: TestSandbox, key: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const qs = search.toString();
  return sandbox.api<UsageBody>(key, `/v1/usage${qs ? `?${qs}` : ''}`);
}

/** The usage entry of one robot, failing loudly when it is missing. */
export function entryOf(body: UsageBody, robotId: string): UsageEntry {
  const entry = body.data.find((e) => e.robot_id === robotId);
  if (!entry) throw new Error(`no usage entry for ${robotId}: ${JSON.stringify(body)}`);
  return entry;
}
