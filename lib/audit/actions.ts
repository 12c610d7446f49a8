/** Every change the dashboard makes, as the audit log names it, with how the log page labels it. */
export const AUDIT_ACTIONS = {
  'robot.delete': 'Robot deleted',
  'channel.connect': 'Channel connected',
  'handshake.start': 'Social-DM handshake started',
  'handshake.resume': 'Social-DM handshake resumed',
  'handshake.complete': 'Social-DM handshake completed',
  'channel.enable': 'Channel enabled',
  'channel.disable': 'Channel disabled',
  'channel.bulk_enable': 'Channels turned back on in bulk',
  'webhook.test_event': 'Test event sent',
  'alert.destination_add': 'Alert destination added',
  'alert.destination_test': 'Alert destination tested',
  'alert.destination_change': 'Alert destination changed',
  'alert.destination_remove': 'Alert destination removed',
  'alert.smtp_save': 'Mail server for alerts saved',
  'alert.smtp_remove': 'Mail server for alerts removed',
  'alert.incident_acknowledge': 'Incident acknowledged',
  'alert.mute_add': 'Alerts muted',
  'alert.mute_end': 'Alert mute ended',
  'usage.threshold_set': 'Usage threshold set',
  'usage.threshold_remove': 'Usage threshold removed',
  'attachment.upload': 'Attachment uploaded',
  'conversation.typing': 'Typing indicator set',
  'settings.api_key_save': 'API key saved',
  'settings.api_key_remove': 'API key removed',
  'team.invite': 'Person invited',
  'team.invite_revoke': 'Invitation revoked',
  'team.invite_accept': 'Invitation accepted',
  'team.role_change': 'Role changed',
  'team.disable': 'Person disabled',
  'team.enable': 'Person re-enabled',
  'team.reset_link': 'Password reset link made',
  'team.password_reset': 'Password reset by link',
  'team.admin_create': 'Admin created on the command line',
  'account.password_change': 'Own password changed',
  'auth.sign_in': 'Sign-in',
  'auth.sign_out': 'Sign-out',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];
export const AUDIT_OUTCOMES = ['ok', 'refused', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
