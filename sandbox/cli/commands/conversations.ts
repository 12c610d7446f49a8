import type { NewConversation, NewMessages, Reply } from '../../control-client/types';
import { list, outcome, str, UsageError, type Command, type Values } from '../command';
import { table } from '../format';

const ROLES = ['client', 'ai', 'operator'] as const;
type Role = (typeof ROLES)[number];
const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

/** `--message "client: Hello"`, repeatable, in order: the command line's way to write a message. */
function messages(values: Values): { role: Role; text: string }[] {
  const given = list(values, 'message');
  if (given.length === 0) throw new UsageError('give at least one --message "role: text" (role client, ai or operator)');
  return given.map((item) => {
    const match = /^\s*([a-z]+)\s*:\s?([^]*)$/.exec(item);
    const role = match?.[1] ?? '';
    if (!match || !isRole(role)) throw new UsageError(`--message "${item}" must look like "client: text" (role client, ai or operator)`);
    return { role, text: match[2] ?? '' };
  });
}

const messageOption = {
  message: {
    type: 'string',
    multiple: true,
    value: '"role: text"',
    description: 'a message (repeatable, in order); role client, ai or operator',
  },
} as const;

const repliesTable = (replies: Reply[]) =>
  table(
    ['MESSAGE', 'STATUS', 'REASON', 'QUEUED', 'EXPIRES', 'FINISHED'],
    replies.map((r) => [r.message_id, r.status, r.reason ?? '-', r.queued_at, r.expires_at, r.finished_at ?? '-']),
  );

export const conversationCommands: Record<string, Command> = {
  create: {
    summary: "start a conversation on a robot with its first messages (events and usage as the service's)",
    args: ['robot_id'],
    options: {
      ...messageOption,
      'channel-type': { type: 'string', value: 'type', description: 'the channel it comes through (default the first active one)' },
      source: { type: 'string', value: 'source', description: 'where the contact came from' },
    },
    notes: ['example: conversations create rb_… --message "client: Where is my order?" --message "ai: Let me check."'],
    run({ client, values, args: [id = ''] }) {
      const body: NewConversation = { messages: messages(values) };
      if (str(values, 'channel-type') !== undefined) body.channel_type = str(values, 'channel-type');
      if (str(values, 'source') !== undefined) body.source = str(values, 'source');
      return outcome(client.createConversation(id, body), (a) => `conversation ${a.conversation_id} started`);
    },
  },
  show: {
    summary: 'show a conversation with its messages, events and typing indicator',
    args: ['conversation_id'],
    run: ({ client, args: [id = ''] }) =>
      outcome(client.getConversation(id), (c) =>
        [
          `conversation ${c.id} on ${c.robot_id} (${c.channel_type ?? '-'}), started ${c.started_at}, ${c.closed_at ? `closed ${c.closed_at}` : 'open'}`,
          table(
            ['AT', 'ROLE', 'TEXT'],
            c.messages.map((m) => [m.at, m.role, m.text]),
          ),
          `${c.events.length} event(s); typing ${c.typing.active ? `until ${c.typing.until ?? '-'}` : 'no'}`,
        ].join('\n'),
      ),
  },
  add: {
    summary: 'add messages to a conversation (an ai message takes the reply path when its channel is active)',
    args: ['conversation_id'],
    options: messageOption,
    run({ client, values, args: [id = ''] }) {
      const body: NewMessages = { messages: messages(values) };
      return outcome(client.addMessages(id, body), (a) =>
        [
          `${a.message_ids.length} message(s) stored`,
          ...a.replies.map((r) => `  reply ${r.message_id}: ${r.status}${r.reason ? ` (${r.reason})` : ''}`),
        ].join('\n'),
      );
    },
  },
  close: {
    summary: 'close a conversation (records chat.closed)',
    args: ['conversation_id'],
    run: ({ client, args: [id = ''] }) => outcome(client.closeConversation(id), (c) => `conversation ${c.id} closed ${c.closed_at ?? ''}`),
  },
  replies: {
    summary: "list a conversation's replies that were queued or failed, oldest first",
    args: ['conversation_id'],
    run: ({ client, args: [id = ''] }) => outcome(client.listReplies(id), (a) => repliesTable(a.data)),
  },
};

export const attachmentCommands: Record<string, Command> = {
  list: {
    summary: "list a conversation's attachments, oldest first",
    args: ['conversation_id'],
    run: ({ client, args: [id = ''] }) =>
      outcome(client.listAttachments(id), (a) =>
        table(
          ['ATTACHMENT', 'MEDIA TYPE', 'BYTES', 'CREATED', 'SENT', 'DISCARDED AT'],
          a.data.map((r) => [r.id, r.media_type, String(r.size_bytes), r.created_at, r.sent_at ?? '-', r.discard_at]),
        ),
      ),
  },
  show: {
    summary: 'show an attachment with a freshly signed URL',
    args: ['attachment_id'],
    run: ({ client, args: [id = ''] }) =>
      outcome(
        client.getAttachment(id),
        (r) => `attachment ${r.id}: ${r.media_type}, ${r.size_bytes} bytes, sent ${r.sent_at ?? '-'}\n${r.url}`,
      ),
  },
};

export const handshakeCommands: Record<string, Command> = {
  approve: {
    summary: 'approve a pending social-DM handshake as the consent screen would',
    args: ['channel_id'],
    run: ({ client, args: [id = ''] }) =>
      outcome(client.decideHandshake(id, 'approve'), (a) => `handshake ${a.status}; back to ${a.redirect_url}`),
  },
  deny: {
    summary: 'deny a pending social-DM handshake as the consent screen would',
    args: ['channel_id'],
    run: ({ client, args: [id = ''] }) =>
      outcome(client.decideHandshake(id, 'deny'), (a) => `handshake ${a.status}; back to ${a.redirect_url}`),
  },
};

export const ruleCommands: Record<string, Command> = {
  list: {
    summary: "list a social-DM channel's rules, oldest first",
    args: ['channel_id'],
    run: ({ client, args: [id = ''] }) =>
      outcome(client.listRules(id), (a) => a.data.map((rule) => JSON.stringify(rule)).join('\n') || '(none)'),
  },
  add: {
    summary: 'add a rule to a social-DM channel',
    args: ['channel_id'],
    options: { rule: { type: 'string', value: 'json', description: 'the Rule as JSON, without id and created_at (required)' } },
    run({ client, values, args: [id = ''] }) {
      const text = str(values, 'rule');
      if (text === undefined) throw new UsageError('--rule is required: the Rule as JSON');
      let rule: unknown;
      try {
        rule = JSON.parse(text);
      } catch {
        throw new UsageError('--rule must be JSON, e.g. --rule \'{"name": "…", …}\'');
      }
      // Checked by the sandbox, which names each wrong field.
      return outcome(client.createRule(id, rule as Parameters<typeof client.createRule>[1]), (r) => `rule ${r.id} added`);
    },
  },
};
