import { PartnerApiError } from '@/lib/partner/errors';

/** What the connect form knows besides the error: the robot holding the bot, and an open handshake to resume. */
export type ConnectContext = { otherRobot?: { id: string; name?: string }; openHandshakeUrl?: string };

/** The robot a `bot_already_connected` names in `details.robot_id`: only ever one of the caller's own (D2). */
export function otherRobotIdOf(err: unknown): string | undefined {
  if (!(err instanceof PartnerApiError) || err.code !== 'bot_already_connected') return undefined;
  const id = err.details.robot_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
