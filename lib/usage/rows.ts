import type { UsageEntry } from '@/lib/partner/schemas';

/** One table row, in the exact columns the page and the CSV share. */
export type UsageRow = {
  robotId: string;
  name: string;
  externalId: string;
  messages: number;
  client: number;
  ai: number;
  operator: number;
  units: number;
  conversations: number;
  channelsConnected: number;
  bySource: Record<string, { conversations: number; messages: number }> | null;
};

export const USAGE_COLUMNS = [
  { key: 'name', label: 'Robot' },
  { key: 'externalId', label: 'External id' },
  { key: 'robotId', label: 'Robot id' },
  { key: 'messages', label: 'Messages' },
  { key: 'client', label: 'Client' },
  { key: 'ai', label: 'AI' },
  { key: 'operator', label: 'Operator' },
  { key: 'units', label: 'Units' },
  { key: 'conversations', label: 'Conversations' },
  { key: 'channelsConnected', label: 'Channels connected now' },
] as const satisfies readonly { key: keyof UsageRow; label: string }[];

export function toUsageRow(entry: UsageEntry, externalIds: Map<string, string>): UsageRow {
  const robotId = entry.robot_id ?? '';
  const bySource = entry.by_source
    ? Object.fromEntries(
        Object.entries(entry.by_source).map(([k, v]) => [k, { conversations: v?.conversations ?? 0, messages: v?.messages ?? 0 }]),
      )
    : null;
  return {
    robotId,
    name: entry.name ?? robotId,
    externalId: entry.external_id ?? externalIds.get(robotId) ?? '',
    messages: entry.messages?.total ?? 0,
    client: entry.messages?.by_role?.client ?? 0,
    ai: entry.messages?.by_role?.ai ?? 0,
    operator: entry.messages?.by_role?.operator ?? 0,
    units: entry.messages?.units ?? 0,
    conversations: entry.conversations?.total ?? 0,
    channelsConnected: entry.channels_connected ?? 0,
    bySource,
  };
}

/** Source keys present in any row (only a service answering `breakdown=source` sends them). */
export function sourceKeys(rows: UsageRow[]): string[] {
  return [...new Set(rows.flatMap((r) => Object.keys(r.bySource ?? {})))].sort();
}
