import type { NewPanelChannel, NewRobot, Robot, RobotChanges } from '../../control-client/types';
import { flag, headerPairs, list, outcome, required, str, UsageError, type Command } from '../command';
import { channelLine, robotsTable, shownOnce } from '../format';

const robotLine = (r: Robot) => `robot ${r.id}: ${r.name} (external_id ${r.external_id ?? '-'})`;

export const webhookCommands: Record<string, Command> = {
  set: {
    summary: 'set the webhook URL, auth token and custom headers (replaces them all)',
    args: ['account_id'],
    options: {
      'webhook-url': { type: 'string', value: 'url', description: "webhook URL (required; --url is the sandbox's own)" },
      'webhook-auth-token': { type: 'string', value: 'token', description: 'auth token sent in X-Webhook-Token (required)' },
      'auth-token': { type: 'string', value: 'token', aliasOf: 'webhook-auth-token', description: 'the same as --webhook-auth-token' },
      header: { type: 'string', multiple: true, value: '"Name: value"', description: 'custom header (repeatable)' },
    },
    run({ client, values, args: [id = ''] }) {
      const webhook = {
        url: required(values, 'webhook-url'),
        auth_token: required(values, 'webhook-auth-token'),
        custom_headers: headerPairs(list(values, 'header')),
      };
      return outcome(
        client.patchAccount(id, { webhook }),
        (a) =>
          `webhook of ${a.account_id}: ${a.webhook?.url ?? '-'} with ${Object.keys(a.webhook?.custom_headers ?? {}).length} custom header(s)`,
      );
    },
  },
  remove: {
    summary: 'remove the webhook',
    args: ['account_id'],
    run: ({ client, args: [id = ''] }) => outcome(client.patchAccount(id, { webhook: null }), (a) => `webhook of ${a.account_id} removed`),
  },
  'rotate-secret': {
    summary: 'new signing secret (shown once); the previous one keeps signing for 24 h',
    args: ['account_id'],
    run: ({ client, args: [id = ''] }) =>
      outcome(
        client.rotateWebhookSecret(id),
        (a) =>
          `${shownOnce('webhook secret', a.webhook_secret)}\nfor 24 h every delivery carries both signatures (previous and new secret)`,
      ),
  },
};

export const robotCommands: Record<string, Command> = {
  list: {
    summary: "list an account's robots with model and channels",
    args: ['account_id'],
    run: ({ client, args: [id = ''] }) => outcome(client.listRobots(id), (a) => robotsTable(a.data)),
  },
  create: {
    summary: 'create a robot',
    args: ['account_id'],
    options: {
      name: { type: 'string', value: 'name', description: 'robot name (required)' },
      'external-id': { type: 'string', value: 'id', description: "the partner's own id" },
      model: { type: 'string', value: 'standard|enhanced', description: 'AI model (units per message, D12)' },
    },
    run({ client, values, args: [id = ''] }) {
      const body: NewRobot = { name: required(values, 'name') };
      if (str(values, 'external-id') !== undefined) body.external_id = str(values, 'external-id');
      if (str(values, 'model') !== undefined) body.model = str(values, 'model');
      return outcome(client.createRobot(id, body), robotLine);
    },
  },
  update: {
    summary: "change a robot's name, external_id or model",
    args: ['robot_id'],
    options: {
      name: { type: 'string', value: 'name', description: 'robot name' },
      'external-id': { type: 'string', value: 'id', description: "the partner's own id" },
      'clear-external-id': { type: 'boolean', description: 'remove the external id' },
      model: { type: 'string', value: 'standard|enhanced', description: 'AI model; a change is recorded for usage (D12)' },
    },
    run({ client, values, args: [id = ''] }) {
      const body: RobotChanges = {};
      if (str(values, 'name') !== undefined) body.name = str(values, 'name');
      if (str(values, 'external-id') !== undefined) body.external_id = str(values, 'external-id');
      if (flag(values, 'clear-external-id')) body.external_id = null;
      if (str(values, 'model') !== undefined) body.model = str(values, 'model');
      if (Object.keys(body).length === 0)
        throw new UsageError('nothing to change: give --name, --external-id, --clear-external-id or --model');
      return outcome(client.patchRobot(id, body), robotLine);
    },
  },
};

export const channelCommands: Record<string, Command> = {
  add: {
    summary: 'add a panel-only channel (chat_vendor_a, widget, chat_vendor_b, chat_vendor_c, chat_app)',
    args: ['robot_id'],
    options: {
      'channel-type': { type: 'string', value: 'type', description: 'channel type (required)' },
      type: { type: 'string', value: 'type', aliasOf: 'channel-type', description: 'the same as --channel-type' },
      inactive: { type: 'boolean', description: 'add it disabled (needs no slot, allowed while lapsed)' },
      username: { type: 'string', value: 'name', description: 'handle shown for the channel' },
    },
    run({ client, values, args: [id = ''] }) {
      const body: NewPanelChannel = { type: required(values, 'channel-type'), is_active: !flag(values, 'inactive') };
      if (str(values, 'username') !== undefined) body.username = str(values, 'username');
      return outcome(client.addChannel(id, body), channelLine);
    },
  },
  remove: {
    summary: 'disconnect a channel (a pending social_dm handshake is cancelled)',
    args: ['channel_id'],
    run: ({ client, args: [id = ''] }) => outcome(client.deleteChannel(id), () => `channel ${id} removed`),
  },
};
