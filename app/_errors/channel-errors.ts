import type { PartnerApiError } from '@/lib/partner/errors';
import type { ConnectContext } from '@/lib/channels/other-robot';
import { toDisplayError, type DisplayError } from './display-error';

function num(details: Record<string, unknown>, key: string): number | undefined {
  const v = details[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function when(value: unknown): string {
  if (typeof value !== 'string') return 'soon';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${date.toISOString().slice(11, 16)} UTC`;
}

/** "3 of 3 channel slots are in use" from `capacity_exhausted` details (D10). */
export function capacitySentence(err: PartnerApiError): string {
  const occupied = num(err.details, 'occupied');
  const capacity = num(err.details, 'capacity');
  if (occupied === undefined || capacity === undefined) return 'All channel slots of your plan are in use.';
  return `${occupied} of ${capacity} channel slot${capacity === 1 ? '' : 's'} are in use.`;
}

const shared = {
  capacity_exhausted: (err: PartnerApiError) => ({
    title: 'No free channel slot',
    message: `${capacitySentence(err)} Disable a channel you no longer need (on any robot) or delete a robot, then try again — or ask your service contact to raise the plan's capacity.`,
  }),
  plan_lapsed: () => ({
    title: 'Your plan has lapsed',
    message:
      'Channels cannot be connected or enabled until the plan is renewed. Renew it in the partner panel, then enable the channels you need again.',
  }),
  role_missing: (err: PartnerApiError) => ({
    title: err.details.role === 'social_dm' ? 'This account has no social-DM access' : 'A role is missing on this account',
    message:
      err.details.role === 'social_dm'
        ? 'Social-DM channels need the social_dm role on your partner account. Ask your service contact to grant it; no new key is needed.'
        : `The account lacks the ${typeof err.details.role === 'string' ? err.details.role : 'required'} role. Ask your service contact to grant it.`,
  }),
  not_found: () => ({
    title: 'Robot or channel not found',
    message: 'It was deleted or belongs to another account. Go back to the robots list and reload it.',
  }),
};

function botElsewhere(context: ConnectContext): Omit<DisplayError, 'requestId' | 'code' | 'status'> {
  const ways =
    'The API cannot disconnect a bot, so to use it here either delete that robot (which frees the bot) or disconnect the bot in the service’s panel, then connect it again. Or create a new bot and paste its token.';
  const other = context.otherRobot;
  if (!other) {
    return {
      title: 'This bot is already connected to another robot, outside this account',
      message:
        'A bot serves one robot at a time. Disconnect it in the service’s panel (or ask the service contact), or create a new bot and paste its token.',
    };
  }
  const name = other.name ? `“${other.name}”` : other.id;
  return {
    title: `This bot is already connected to another robot: ${name}`,
    message: `A bot serves one robot at a time. ${ways}`,
    link: { href: `/robots/${encodeURIComponent(other.id)}`, label: `Open ${name}` },
  };
}

export function connectErrorToDisplay(err: unknown, context: ConnectContext = {}): DisplayError {
  const shown = toDisplayError(err, {
    ...shared,
    bot_already_connected: () => botElsewhere(context),
    channel_type_taken: () => ({
      title: 'This robot already has a channel of this type',
      message:
        'A robot holds at most one channel per type. Use the existing channel (enable it below if it is off), or connect this bot to another robot.',
    }),
    invalid_credential: () => ({
      title: 'The bot platform refused this token',
      message: 'The token is wrong or was revoked. Copy the current token from the bot platform again and paste it here.',
    }),
    validation_failed: (err) => ({ title: 'The service refused the request', message: err.message || 'Check the form and try again.' }),
    handshake_open: (err) => ({
      title: 'A handshake is already open on this robot',
      message: context.openHandshakeUrl
        ? `The page owner still has until ${when(err.details.expires_at)} to approve it. Resume it to open the consent screen again, or wait for it to expire before starting a new one.`
        : `The page owner still has until ${when(err.details.expires_at)} to approve it. It was started outside this dashboard, so its link is not known here: wait for it to expire, then start again.`,
    }),
    handshake_expired: (err) => ({
      title: 'The previous handshake expired',
      message: `It expired at ${when(err.details.expired_at)} before the page owner finished. Start again to get a fresh link.`,
    }),
  });
  return shown.code === 'handshake_open' && context.openHandshakeUrl ? { ...shown, resumeUrl: context.openHandshakeUrl } : shown;
}

export function toggleErrorToDisplay(err: unknown): DisplayError {
  return toDisplayError(err, shared);
}
