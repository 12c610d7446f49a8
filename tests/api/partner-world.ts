import type { NewAccount } from '../../sandbox/control-client/types';
import { PNG } from './attachment-samples';
import { uploaded } from './attachments-support';
import { expectAnswer, postConversation, type TestSandbox } from './support';
import { sendTestEvent } from './webhooks-support';

/** A partner with one of everything a /v1 or control route takes an id of. */
export interface PartnerWorld {
  accountId: string;
  key: string;
  /** By path parameter name: account_id, robot_id, channel_id, rule_id, conversation_id, attachment_id, delivery_id. */
  ids: Record<string, string>;
}

const DM_RULE = { name: 'Price question', trigger: { on: 'dm', keywords: ['price'] }, actions: [{ type: 'text', body: 'Our prices: …' }] };

/** Webhooks go to a closed local port: deliveries exist (and fail) without anything listening. */
export const UNREACHABLE_WEBHOOK = { url: 'http://127.0.0.1:9/hook', auth_token: 'tok' };

export async function partnerWorld(sandbox: TestSandbox, account: Partial<NewAccount> = {}): Promise<PartnerWorld> {
  const created = await sandbox.createAccount({ roles: ['robot_creation', 'social_dm'], webhook: UNREACHABLE_WEBHOOK, ...account });
  const robot = await sandbox.createRobot(created.account_id, { channels: [{ type: 'social_dm' }, { type: 'messenger_bot' }] });
  const channelId = robot.channels.find((channel) => channel.type === 'social_dm')?.id ?? '';
  const rule = expectAnswer(await sandbox.admin.createRule(channelId, DM_RULE), 201);
  const conversationId = await postConversation(sandbox, robot.id, [{ role: 'client', text: 'Hello' }]);
  const attachment = await uploaded(sandbox, created.api_key, conversationId, { bytes: PNG, type: 'image/png', name: 'p.png' });
  const deliveryId = await sendTestEvent(sandbox, created.api_key);
  return {
    accountId: created.account_id,
    key: created.api_key,
    ids: {
      account_id: created.account_id,
      robot_id: robot.id,
      channel_id: channelId,
      rule_id: rule.id,
      conversation_id: conversationId,
      attachment_id: attachment.id,
      delivery_id: deliveryId,
    },
  };
}
