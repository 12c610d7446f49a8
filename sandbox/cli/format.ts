import type { Account, Channel, RobotDetail } from '../control-client/types';

/** A plain left-aligned table: the command line's list output. */
export function table(headers: string[], rows: string[][]): string {
  if (rows.length === 0) return '(none)';
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export const roles = (list: string[]) => (list.length === 0 ? 'none' : list.join(','));

export function accountsTable(accounts: Account[]): string {
  return table(
    ['ACCOUNT', 'NAME', 'TIER', 'CAPACITY', 'ACTIVE', 'LAPSED', 'ROLES'],
    accounts.map((a) => [
      a.account_id,
      a.name,
      a.tier,
      String(a.capacity),
      String(a.active_channels),
      a.lapsed ? 'yes' : 'no',
      roles(a.roles),
    ]),
  );
}

export function accountText(a: Account): string {
  const headers = Object.entries(a.webhook?.custom_headers ?? {});
  return [
    `account     ${a.account_id}  (${a.name})`,
    `plan        ${a.tier}, capacity ${a.capacity} (${a.active_channels} active), ${a.rate_limit_per_minute} req/min${a.lapsed ? ', LAPSED' : ''}`,
    `history     kept ${a.history_retention_months === null ? 'without limit' : `${a.history_retention_months} months`} (standard ${a.standard_plan ? a.tier : 'none'}, social-DM ${a.social_dm_tier ?? 'none'})`,
    `roles       ${roles(a.roles)}`,
    `excluded    ${a.excluded_attachment_kinds.length === 0 ? 'none' : a.excluded_attachment_kinds.join(',')}`,
    `key         created ${a.key_created_at}, expires ${a.key_expires_at ?? 'never'}`,
    `return url  ${a.return_url ?? '-'}`,
    `webhook     ${a.webhook ? `${a.webhook.url} (auth token set: ${a.webhook.auth_token ? 'yes' : 'no'})` : '-'}`,
    ...headers.map(([name, value]) => `  header    ${name}: ${value}`),
    `created     ${a.created_at}`,
  ].join('\n');
}

const channelText = (c: Channel) => `${c.type}:${c.status}${c.is_active ? '' : '(inactive)'} ${c.id}`;

export function robotsTable(robots: RobotDetail[]): string {
  return table(
    ['ROBOT', 'NAME', 'EXTERNAL_ID', 'MODEL', 'CHANNELS'],
    robots.map((r) => [
      r.id,
      r.name,
      r.external_id ?? '-',
      r.model,
      r.channels.length === 0 ? '-' : r.channels.map(channelText).join('; '),
    ]),
  );
}

export const channelLine = (c: Channel) => `channel ${c.id}: ${c.type}, ${c.status}, active ${c.is_active}, username ${c.username ?? '-'}`;

export const shownOnce = (label: string, value: string) => `${label}: ${value}\n  (copy it now: it is not shown again)`;
