import { describe, expect, it } from 'vitest';
import { runCli } from '../../sandbox/cli/main';
import { EVENT_SCHEMAS } from '../../sandbox/routes/v1/event-schemas';
import { ADMIN_TOKEN } from './support';
import { freePort, Receiver, setUpSandboxAndReceiver, verify, waitFor } from './webhooks-support';

// `trigger` makes a real event happen and `listen` forwards an account's events to a local
// endpoint, both through the real sandbox, its control API and the command line.

const { sandbox, receiver } = setUpSandboxAndReceiver();
const cli = (...argv: string[]) => sandbox.cli(...argv);

type EventType = keyof typeof EVENT_SCHEMAS;

async function partnerWithRobot(webhook: boolean) {
  const account = await sandbox.createAccount(webhook ? { webhook: { url: receiver.url, auth_token: 'listen-token-1' } } : {});
  const robot = await sandbox.createRobot(account.account_id, { external_id: 'cust-7', channels: [{ type: 'widget' }] });
  return { account, robot };
}

/** Starts `listen` in this process as the command line runs it, and waits until it says it is ready. */
async function startListen(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const stop = new AbortController();
  const done = runCli(['listen', ...argv, '--url', sandbox.url, '--poll-ms', '50'], {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    env: { SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN },
    signal: stop.signal,
  });
  await waitFor(() => (err.some((line) => line.startsWith('Ready')) ? true : undefined), 'listen to be ready');
  return { out, err, done, stop: () => stop.abort() };
}

describe('command line: trigger', () => {
  it('makes each event type happen for real, delivered signed and shaped as the contract says', async () => {
    const { account, robot } = await partnerWithRobot(true);
    const started = await cli('trigger', 'chat.started', robot.id);
    expect(started.code).toBe(0);
    const conversationId = /recorded in (\S+)/.exec(started.stdout)?.[1] ?? '';
    expect(conversationId).toMatch(/^conv_/);
    for (const type of ['message.received', 'message.sent', 'message.failed', 'chat.closed'] as const) {
      const triggered = await cli('trigger', type, robot.id, '--conversation', conversationId, '--text', `text of ${type}`, '--json');
      expect(triggered.code, triggered.stderr).toBe(0);
      expect((JSON.parse(triggered.stdout) as { events: { type: string }[] }).events.map((e) => e.type)).toEqual([type]);
    }
    expect((await cli('trigger', 'test', robot.id)).stdout).toMatch(/^1 event\(s\) recorded\n[^]*\nevt_\S+\s+test\s/);

    // The conversation itself changed: two messages stored (the failed reply is not one), then closed.
    const conversation = await sandbox.admin.getConversation(conversationId);
    expect(conversation.ok && conversation.body.messages.map((m) => [m.role, m.text])).toEqual([
      ['client', 'text of message.received'],
      ['ai', 'text of message.sent'],
    ]);
    expect(conversation.ok && conversation.body.closed_at).not.toBeNull();

    const delivered = await waitFor(() => (receiver.requests.length >= 6 ? receiver.requests.slice(0, 6) : undefined), 'six deliveries');
    const types = delivered.map((request) => {
      const payload = verify(account.webhook_secret, request) as { type: EventType; robot_id: string | null; external_id: string | null };
      expect(() => EVENT_SCHEMAS[payload.type].schema.parse(payload)).not.toThrow();
      if (payload.type !== 'test') expect([payload.robot_id, payload.external_id]).toEqual([robot.id, 'cust-7']);
      return payload.type;
    });
    expect(types).toEqual(['chat.started', 'message.received', 'message.sent', 'message.failed', 'chat.closed', 'test']);
    expect(JSON.parse(delivered[3]?.body ?? '{}')).toMatchObject({
      data: { reason: 'outside_window', message: { text: 'text of message.failed' } },
    });
  });

  it('starts a conversation first when none is named, and refuses what cannot happen, saying why', async () => {
    const { robot } = await partnerWithRobot(false);
    const received = await cli('trigger', 'message.received', robot.id, '--json');
    expect((JSON.parse(received.stdout) as { events: { type: string }[] }).events.map((e) => e.type)).toEqual([
      'chat.started',
      'message.received',
    ]);

    const unknown = await cli('trigger', 'chat.exploded', robot.id);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('validation_failed');
    expect(unknown.stderr).toContain('type');

    const closedId = /recorded in (\S+)/.exec((await cli('trigger', 'chat.closed', robot.id)).stdout)?.[1] ?? '';
    const onClosed = await cli('trigger', 'message.sent', robot.id, '--conversation', closedId);
    expect(onClosed.code).toBe(1);
    expect(onClosed.stderr).toContain('the conversation is closed');
    expect((await cli('trigger', 'chat.started', robot.id, '--conversation', closedId)).stderr).toContain('leave conversation_id out');
    expect((await cli('trigger', 'message.sent', robot.id, '--conversation', 'conv_nope')).stderr).toContain('not_found');
  });

  it('refuses on a channel that is not active, which delivers no events', async () => {
    const { account, robot } = await partnerWithRobot(false);
    const channelId = robot.channels[0]?.id ?? '';
    const disabled = await sandbox.api(account.api_key, `/v1/robots/${robot.id}/channels/${channelId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ is_active: false }),
    });
    expect(disabled.status).toBe(200);
    const refused = await cli('trigger', 'chat.started', robot.id);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`channel ${channelId} is not active`);
  });
});

describe('command line: listen', () => {
  it('forwards new events, signed as deliveries, to a local endpoint without a webhook URL, and stops after --count', async () => {
    const { account, robot } = await partnerWithRobot(false);
    await cli('trigger', 'chat.started', robot.id); // before listening: not forwarded
    const local = new Receiver();
    await local.listen();
    try {
      const listening = await startListen([account.account_id, '--forward-to', local.url, '--count', '3']);
      await cli('trigger', 'chat.started', robot.id);
      await cli('trigger', 'message.received', robot.id);
      expect(await listening.done).toBe(0);
      expect(local.requests.map((r) => (verify(account.webhook_secret, r) as { type: string }).type)).toEqual([
        'chat.started',
        'chat.started',
        'message.received',
      ]);
      expect(listening.out).toHaveLength(3);
      expect(listening.out[2]).toMatch(/message\.received\s+evt_\S+\s+-> 200$/);
      expect(listening.err.at(-1)).toBe('forwarded 3 event(s)');
      // Listening sends nothing of its own: the account, without a webhook URL, has no deliveries.
      const deliveries = await sandbox.api<{ data: unknown[] }>(account.api_key, '/v1/webhooks/deliveries');
      expect(deliveries.body.data).toEqual([]);
    } finally {
      await local.close();
    }
  });

  it('with --from-start and --json forwards the history as JSON lines, reports an endpoint that is down, and stops on Ctrl-C', async () => {
    const { account, robot } = await partnerWithRobot(false);
    await cli('trigger', 'chat.started', robot.id);
    const listening = await startListen([
      account.account_id,
      '--forward-to',
      `http://127.0.0.1:${await freePort()}/down`,
      '--from-start',
      '--json',
    ]);
    await waitFor(() => (listening.out.length >= 1 ? true : undefined), 'the first line');
    listening.stop();
    expect(await listening.done).toBe(0);
    const line = JSON.parse(listening.out[0] ?? '{}') as { type: string; status: number | null; error: string | null };
    expect(line).toMatchObject({ type: 'chat.started', status: null });
    expect(line.error).toMatch(/ECONNREFUSED/);
  });

  it('says what is wrong with the command line or the account', async () => {
    expect((await cli('listen', 'acc_nope', '--forward-to', 'http://127.0.0.1:9/x')).stderr).toContain('not_found');
    const noTarget = await cli('listen', 'acc_nope');
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toContain('--forward-to is required');
    expect((await cli('listen', 'acc_x', '--forward-to', 'ftp://example.test')).stderr).toContain('must be an http or https URL');
    expect((await cli('listen', 'acc_x', '--forward-to', 'x', '--count', '0')).stderr).toContain('is not a URL');
  });
});
