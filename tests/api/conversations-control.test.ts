import { describe, expect, it } from 'vitest';
import { expectStatus, postConversation, postMessages, setUpSandbox, type ErrorBody } from './support';
import { iso } from './usage-support';

interface Envelope {
  id: string;
  type: string;
  created_at: string;
  robot_id: string | null;
  external_id: string | null;
  conversation_id: string | null;
  data: Record<string, unknown>;
}

interface ConversationBody {
  id: string;
  robot_id: string;
  channel_id: string | null;
  channel_type: string | null;
  source: string;
  started_at: string;
  closed_at: string | null;
  messages: { id: string; role: string; text: string; at: string; units: number }[];
  events: Envelope[];
}

const sandbox = setUpSandbox();

const getConversation = (id: string) => sandbox.control<ConversationBody>('GET', `/sandbox/api/conversations/${id}`);

describe('POST /sandbox/api/robots/{robot_id}/conversations (D24)', () => {
  it('stores the conversation and records chat.started and a message event per message (D17)', async () => {
    const account = await sandbox.createAccount({ capacity: 5 });
    const robot = await sandbox.createRobot(account.account_id, { external_id: 'cust-7', channels: [{ type: 'social_dm' }] });
    const past = '2025-01-02T03:04:05.000Z';
    const created = await sandbox.control<{ conversation_id: string }>('POST', `/sandbox/api/robots/${robot.id}/conversations`, {
      source: 'story_reply',
      messages: [
        { role: 'client', text: 'hi', at: past },
        { role: 'ai', text: 'hello' },
        { role: 'operator', text: 'Sam here' },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ conversation_id: expect.stringMatching(/^conv_[0-9A-Za-z]{16}$/) });

    const { body } = await getConversation(created.body.conversation_id);
    expect(body).toMatchObject({
      robot_id: robot.id,
      channel_id: robot.channels[0]?.id,
      channel_type: 'social_dm',
      source: 'story_reply',
      started_at: past,
      closed_at: null,
    });
    expect(body.messages.map((m) => m.role)).toEqual(['client', 'ai', 'operator']);
    expect(body.events.map((e) => e.type)).toEqual(['chat.started', 'message.received', 'message.sent', 'message.sent']);
    for (const event of body.events) {
      expect(Object.keys(event).sort()).toEqual(['conversation_id', 'created_at', 'data', 'external_id', 'id', 'robot_id', 'type']);
      expect(event).toMatchObject({ robot_id: robot.id, external_id: 'cust-7', conversation_id: body.id });
      expect(event.id).toMatch(/^evt_/);
    }
    expect(body.events[1]?.created_at).toBe(past);
    expect(body.events[1]?.data).toMatchObject({ message: { role: 'client', text: 'hi', at: past } });
  });

  it('appends messages and closes, recording chat.closed; a closed conversation takes nothing more', async () => {
    const account = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account.account_id);
    const id = await postConversation(sandbox, robot.id, []);
    await postMessages(sandbox, id, [{ role: 'client' }, { role: 'ai' }]);
    const closed = await sandbox.control<ConversationBody>('POST', `/sandbox/api/conversations/${id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.closed_at).not.toBeNull();
    const { body } = await getConversation(id);
    expect(body.channel_id).toBeNull();
    expect(body.events.map((e) => e.type)).toEqual(['chat.started', 'message.received', 'message.sent', 'chat.closed']);

    for (const [path, payload] of [
      [`/sandbox/api/conversations/${id}/messages`, { messages: [{ role: 'client', text: 'late' }] }],
      [`/sandbox/api/conversations/${id}/close`, undefined],
    ] as const) {
      const refused = await sandbox.control<ErrorBody>('POST', path, payload);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('conversation_closed');
    }
  });

  it('records no events on a disabled channel, and resumes when it is enabled again', async () => {
    const account = await sandbox.createAccount({ capacity: 5 });
    const robot = await sandbox.createRobot(account.account_id, { channels: [{ type: 'widget', is_active: false }, { type: 'chat_app' }] });
    const widget = robot.channels.find((c) => c.type === 'widget');
    const quiet = await postConversation(sandbox, robot.id, [{ role: 'client' }], { channel_type: 'widget' });
    expect((await getConversation(quiet)).body).toMatchObject({ channel_id: widget?.id, events: [] });
    // Messages still count: the channel only stops delivering events.
    expect((await getConversation(quiet)).body.messages).toHaveLength(1);

    // Without a type the conversation runs on the robot's first active channel.
    const loud = await postConversation(sandbox, robot.id, [{ role: 'client' }]);
    expect((await getConversation(loud)).body).toMatchObject({ channel_type: 'chat_app' });
    expect((await getConversation(loud)).body.events).toHaveLength(2);

    const enabled = await sandbox.api(account.api_key, `/v1/robots/${robot.id}/channels/${widget?.id ?? ''}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ is_active: true }),
    });
    expect(enabled.status).toBe(200);
    await postMessages(sandbox, quiet, [{ role: 'ai' }]);
    expect((await getConversation(quiet)).body.events.map((e) => e.type)).toEqual(['message.sent']);

    // A lapse disables every channel, so the chat_app conversation falls silent too.
    await sandbox.patchAccount(account.account_id, { lapsed: true });
    await postMessages(sandbox, loud, [{ role: 'ai' }]);
    expect((await getConversation(loud)).body.events).toHaveLength(2);
  });

  it('answers 404 for an unknown robot or conversation before checking the body', async () => {
    const cases: [string, string][] = [
      ['/sandbox/api/robots/rb_missing00000000/conversations', 'robot'],
      ['/sandbox/api/conversations/conv_missing0000000/messages', 'conversation'],
      ['/sandbox/api/conversations/conv_missing0000000/close', 'conversation'],
    ];
    for (const [path] of cases) {
      const result = await sandbox.control<ErrorBody>('POST', path, { messages: [{ role: 'robot' }] });
      expect(result.status, path).toBe(404);
      expect(result.body.error.code).toBe('not_found');
    }
    expect((await sandbox.control('GET', '/sandbox/api/conversations/conv_missing0000000')).status).toBe(404);
  });

  it('answers 422 validation_failed for bodies that break the schema', async () => {
    const account = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account.account_id);
    const bad: [unknown, string][] = [
      [{}, 'messages'],
      [{ messages: [{ role: 'bot', text: 'x' }] }, 'messages.0.role'],
      [{ messages: [{ role: 'client', text: '' }] }, 'messages.0.text'],
      [{ messages: [{ role: 'client' }] }, 'messages.0.text'],
      [{ messages: [{ role: 'client', text: 'x', at: 'yesterday' }] }, 'messages.0.at'],
      [{ messages: [{ role: 'client', text: 'x', at: '2026-02-30T00:00:00Z' }] }, 'messages.0.at'],
      [{ messages: [{ role: 'client', text: 'x', at: '1969-12-31T23:59:59Z' }] }, 'messages.0.at'],
      [{ messages: [{ role: 'client', text: 'x', extra: 1 }] }, 'messages.0'],
      [{ messages: [], source: 'dm' }, 'source'],
      [{ messages: [], channel_type: 'fax' }, 'channel_type'],
      [{ messages: [], colour: 'red' }, ''],
    ];
    for (const [body, path] of bad) {
      const result = await sandbox.control<ErrorBody>('POST', `/sandbox/api/robots/${robot.id}/conversations`, body);
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(result.body.error.code).toBe('validation_failed');
      const issues = result.body.error.details.issues as { path: string }[];
      expect(
        issues.map((i) => i.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    const id = await postConversation(sandbox, robot.id, [{ role: 'client' }]);
    const empty = await sandbox.control<ErrorBody>('POST', `/sandbox/api/conversations/${id}/messages`, { messages: [] });
    expect(empty.status).toBe(422);
    const notJson = await sandbox.fetch<ErrorBody>(`/sandbox/api/robots/${robot.id}/conversations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${'test-admin-token-0123456789'}`, 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe('invalid_json');
  });

  it('keeps a deleted robot’s conversations but takes no new messages for them', async () => {
    const account = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account.account_id);
    const id = await postConversation(sandbox, robot.id, [{ role: 'client', at: iso(Date.parse('2026-01-01T00:00:00Z')) }]);
    expectStatus(await sandbox.api(account.api_key, `/v1/robots/${robot.id}`, { method: 'DELETE' }), 204);
    expect((await getConversation(id)).status).toBe(200);
    const refused = await sandbox.control<ErrorBody>('POST', `/sandbox/api/conversations/${id}/messages`, {
      messages: [{ role: 'client', text: 'x' }],
    });
    expect(refused.status).toBe(404);
  });
});
