// Shapes of the control API answers the panel and the command line read (see sandbox/README.md).

export interface Account {
  account_id: string;
  name: string;
  tier: string;
  capacity: number;
  active_channels: number;
  rate_limit_per_minute: number;
  lapsed: boolean;
  roles: string[];
  excluded_attachment_kinds: string[];
  return_url: string | null;
  webhook: { url: string; auth_token: string | null; custom_headers: Record<string, string> } | null;
  webhook_secret: string;
  key_created_at: string;
  key_expires_at: string | null;
  created_at: string;
}

export interface AccountCreated {
  account_id: string;
  api_key: string;
  webhook_secret: string;
}

export interface Channel {
  id: string;
  type: string;
  robot_id: string;
  username: string | null;
  is_active: boolean;
  status: string;
  connected_at: string | null;
}

export interface RobotDetail {
  id: string;
  name: string;
  external_id: string | null;
  model: string;
  channels: Channel[];
  created_at: string;
}

export interface Simulator {
  account_id: string;
  enabled: boolean;
  interval_seconds: number;
  steps: number;
  open_conversations: number;
}

export interface HistoryResult {
  account_id: string;
  robots: number;
  conversations: number;
  messages: number;
  from: string;
  to: string;
}

export interface ClockReading {
  now: string;
  offset_seconds: number;
}

export { ATTACHMENT_KINDS, MODELS, ROLES, TIERS } from '../domain/vocabulary';
export { PANEL_CHANNEL_TYPES } from '../domain/panel-robots';
