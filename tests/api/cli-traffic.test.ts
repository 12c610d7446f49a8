import { describe, expect, it } from 'vitest';
import { setUpSandbox } from './support';

// The commands that drive traffic and failures, through the real control API.

const sandbox = setUpSandbox();

const cli = (...argv: string[]) => sandbox.cli(...argv);

describe('command line: conversations, faults and outages', () => {
  it('starts a conversation, adds to it, shows it and closes it', async () => {
    const { account_id } = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account_id, { channels: [{ type: 'widget' }] });
    const created = await cli(
      'conversations',
      'create',
      robot.id,
      '--message',
      'client: Where is my order?',
      '--message',
      'ai: Let me check.',
    );
    expect(created.code).toBe(0);
    const id = /conversation (\S+) started/.exec(created.stdout)?.[1] ?? '';
    expect((await cli('conversations', 'add', id, '--message', 'operator: Sam here')).stdout).toContain('1 message(s) stored');
    const shown = await cli('conversations', 'show', id);
    expect(shown.stdout).toMatch(/client\s+Where is my order\?/);
    expect(shown.stdout).toMatch(/operator\s+Sam here/);
    expect((await cli('conversations', 'close', id)).stdout).toContain(`conversation ${id} closed`);
    const stored = await sandbox.admin.getConversation(id);
    expect(stored.ok && stored.body.closed_at).not.toBeNull();
    expect(stored.ok && stored.body.messages.map((m) => m.role)).toEqual(['client', 'ai', 'operator']);
    expect((await cli('conversations', 'replies', id)).stdout).toBe('(none)');
    expect((await cli('attachments', 'list', id)).stdout).toBe('(none)');

    const wrong = await cli('conversations', 'add', id, '--message', 'bot: hi');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('must look like "client: text"');
  });

  it('arms, lists and clears a fault; starts, lists and ends an outage', async () => {
    const { account_id, api_key } = await sandbox.createAccount();
    const armed = await cli('faults', 'add', '--path-prefix', '/v1/robots', '--status', '503', '--times', '2', '--account', account_id);
    expect(armed.code).toBe(0);
    expect((await sandbox.api(api_key, '/v1/robots')).status).toBe(503);
    expect((await cli('faults', 'list')).stdout).toMatch(new RegExp(`${account_id}\\s+any\\s+/v1/robots\\s+503\\s+1`));
    expect((await cli('faults', 'clear')).stdout).toBe('every fault cleared');
    expect((await sandbox.api(api_key, '/v1/robots')).status).toBe(200);
    expect((await cli('faults', 'add', '--path-prefix', '/v1', '--status', '404')).stderr).toContain('--status must be 429, 500 or 503');

    expect((await cli('outage', 'start', '2h', '--channel-type', 'chat_app')).code).toBe(0);
    expect((await cli('outage', 'list')).stdout).toMatch(/chat_app\s+\S+\s+\S+/);
    expect((await cli('outage', 'end')).stdout).toBe('every outage ended');
    expect((await cli('outage', 'list')).stdout).toBe('(none)');
    expect((await cli('simulator', 'list')).stdout).toBe('(none running)');
  });
});
