import { describe, expect, it } from 'vitest';
import { accountWithRobot, connectSocial, expectError, patchChannel } from './channels-support';
import { ADMIN_TOKEN, setUpSandbox, type Json } from './support';

const sandbox = setUpSandbox();

interface Rule extends Json {
  id: string;
  created_at: string;
}

/** An account whose robot has a live social_dm channel and a messenger_bot channel. */
async function socialSetup() {
  const created = await sandbox.createAccount({ roles: ['social_dm'] });
  const robot = await sandbox.createRobot(created.account_id, { channels: [{ type: 'social_dm' }, { type: 'messenger_bot' }] });
  const channel = (type: string) => robot.channels.find((c) => c.type === type)?.id ?? '';
  return { key: created.api_key, accountId: created.account_id, robot, social: channel('social_dm'), bot: channel('messenger_bot') };
}

const createRule = (channelId: string, body: unknown) => sandbox.control<Rule>('POST', `/sandbox/api/channels/${channelId}/rules`, body);
const getRule = (key: string, robotId: string, channelId: string, ruleId: string) =>
  sandbox.api<Rule>(key, `/v1/robots/${robotId}/channels/${channelId}/rules/${ruleId}`);

const dmRule = { name: 'Price question', trigger: { on: 'dm', keywords: ['price'] }, actions: [{ type: 'text', body: 'Our prices: …' }] };

describe('POST /sandbox/api/channels/{channel_id}/rules (D24)', () => {
  it('201 Rule with defaults: match contains, is_active true', async () => {
    const { social } = await socialSetup();
    const result = await createRule(social, dmRule);
    expect(result.status).toBe(201);
    expect(result.body).toEqual({
      id: expect.stringMatching(/^rule_[0-9A-Za-z]{16}$/) as string,
      name: 'Price question',
      trigger: { on: 'dm', keywords: ['price'], match: 'contains' },
      actions: [{ type: 'text', body: 'Our prices: …' }],
      is_active: true,
      created_at: expect.any(String) as string,
    });
    expect(Date.parse(result.body.created_at)).toBeGreaterThan(0);
  });

  it('201 for a comment rule with every field, echoed as given', async () => {
    const { social } = await socialSetup();
    const rule = {
      name: 'Giveaway',
      trigger: { on: 'comment', keywords: ['win', 'giveaway'], match: 'equal', media_id: 'media_123' },
      actions: [],
      reply_in_comment: { body: 'Check your DMs!' },
      then_send_dm: [
        { type: 'text', body: 'Here is your code' },
        { type: 'delay', seconds: 3 },
        { type: 'image', url: 'https://cdn.example/prize.png' },
        { type: 'link', url: 'https://shop.example', label: 'Open shop' },
      ],
      require_follow: { enabled: true, prompt: 'Follow us first', button_text: 'I follow', retry_prompt: 'Not yet following' },
      is_active: false,
    };
    const result = await createRule(social, rule);
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    const { id, created_at, ...rest } = result.body;
    expect(id).toMatch(/^rule_/);
    expect(created_at).toBeTypeOf('string');
    expect(rest).toEqual(rule);
  });

  it('a rule needs no name and no actions', async () => {
    const { social } = await socialSetup();
    const result = await createRule(social, { trigger: { on: 'comment', keywords: ['hi'] } });
    expect(result.status).toBe(201);
    expect(result.body).not.toHaveProperty('name');
    expect(result.body.actions).toEqual([]);
  });

  const invalid: [string, unknown, string][] = [
    ['trigger missing', { actions: [] }, 'trigger'],
    ['trigger.on missing', { trigger: { keywords: ['a'] } }, 'trigger.on'],
    ['trigger.on not dm or comment', { trigger: { on: 'story', keywords: ['a'] } }, 'trigger.on'],
    ['keywords missing', { trigger: { on: 'dm' } }, 'trigger.keywords'],
    ['keywords empty', { trigger: { on: 'dm', keywords: [] } }, 'trigger.keywords'],
    ['a keyword not a string', { trigger: { on: 'dm', keywords: [5] } }, 'trigger.keywords.0'],
    ['an empty keyword', { trigger: { on: 'dm', keywords: [''] } }, 'trigger.keywords.0'],
    ['match not contains or equal', { trigger: { on: 'dm', keywords: ['a'], match: 'regex' } }, 'trigger.match'],
    ['media_id on a dm rule', { trigger: { on: 'dm', keywords: ['a'], media_id: 'm1' } }, 'trigger.media_id'],
    ['unknown action type', { trigger: { on: 'dm', keywords: ['a'] }, actions: [{ type: 'carousel' }] }, 'actions.0.type'],
    ['action without type', { trigger: { on: 'dm', keywords: ['a'] }, actions: [{ body: 'x' }] }, 'actions.0.type'],
    ['text action without body', { trigger: { on: 'dm', keywords: ['a'] }, actions: [{ type: 'text' }] }, 'actions.0.body'],
    [
      'delay with fractional seconds',
      { trigger: { on: 'dm', keywords: ['a'] }, actions: [{ type: 'delay', seconds: 1.5 }] },
      'actions.0.seconds',
    ],
    ['reply_in_comment on a dm rule', { trigger: { on: 'dm', keywords: ['a'] }, reply_in_comment: { body: 'x' } }, 'reply_in_comment'],
    ['then_send_dm on a dm rule', { trigger: { on: 'dm', keywords: ['a'] }, then_send_dm: [] }, 'then_send_dm'],
    [
      'unknown type in then_send_dm',
      { trigger: { on: 'comment', keywords: ['a'] }, then_send_dm: [{ type: 'video' }] },
      'then_send_dm.0.type',
    ],
    ['reply_in_comment without body', { trigger: { on: 'comment', keywords: ['a'] }, reply_in_comment: {} }, 'reply_in_comment.body'],
    [
      'require_follow without enabled',
      { trigger: { on: 'dm', keywords: ['a'] }, require_follow: { prompt: 'x' } },
      'require_follow.enabled',
    ],
    ['is_active not boolean', { trigger: { on: 'dm', keywords: ['a'] }, is_active: 'yes' }, 'is_active'],
    ['id given', { id: 'rule_x', trigger: { on: 'dm', keywords: ['a'] } }, ''],
    ['created_at given', { created_at: '2026-01-01T00:00:00Z', trigger: { on: 'dm', keywords: ['a'] } }, ''],
  ];

  it.each(invalid)('422 validation_failed: %s', async (_, body, path) => {
    const { social } = await socialSetup();
    const details = expectError(await createRule(social, body), 422, 'validation_failed') as { issues: { path: string }[] };
    expect(details.issues.map((issue) => issue.path)).toContain(path);
    const list = await sandbox.control<{ data: unknown[] }>('GET', `/sandbox/api/channels/${social}/rules`);
    expect(list.body.data).toEqual([]);
  });

  it('422 on a channel that is not social_dm or still pending; 404 on an unknown channel (before the body)', async () => {
    const { bot } = await socialSetup();
    const details = expectError(await createRule(bot, dmRule), 422, 'validation_failed');
    expect(details).toEqual({ issues: [{ path: 'channel_id', message: expect.stringContaining('social_dm') as string }] });

    const pending = await accountWithRobot(sandbox);
    const handshake = await connectSocial(sandbox, pending.key, pending.robot.id);
    expectError(await createRule(handshake.body.id, dmRule), 422, 'validation_failed');

    expectError(await createRule('ch_unknown', { not: 'a rule' }), 404, 'not_found');
    expectError(await createRule('ch_unknown', dmRule), 404, 'not_found');
  });

  it('400 invalid_json for a body that is not JSON', async () => {
    const { social } = await socialSetup();
    const result = await sandbox.fetch(`/sandbox/api/channels/${social}/rules`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: '{',
    });
    expectError(result, 400, 'invalid_json');
  });

  it('GET /sandbox/api/channels/{channel_id}/rules lists them oldest first', async () => {
    const { social } = await socialSetup();
    const first = (await createRule(social, dmRule)).body;
    const second = (await createRule(social, { ...dmRule, name: 'Second' })).body;
    const list = await sandbox.control<{ data: Rule[] }>('GET', `/sandbox/api/channels/${social}/rules`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([first, second]);
    expectError(await sandbox.control('GET', '/sandbox/api/channels/ch_unknown/rules'), 404, 'not_found');
  });
});

describe('GET /v1/robots/{robot_id}/channels/{channel_id}/rules/{rule_id}', () => {
  it('200 Rule, as created; also while the channel is disabled', async () => {
    const { key, robot, social } = await socialSetup();
    const rule = (await createRule(social, dmRule)).body;
    const result = await getRule(key, robot.id, social, rule.id);
    expect(result.status).toBe(200);
    expect(result.body).toEqual(rule);
    expect(result.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);

    expect((await patchChannel(sandbox, key, robot.id, social, { is_active: false })).status).toBe(200);
    expect((await getRule(key, robot.id, social, rule.id)).body).toEqual(rule);
  });

  it('404 for an unknown or foreign robot, a channel not on the robot, a rule not on the channel', async () => {
    const mine = await socialSetup();
    const rule = (await createRule(mine.social, dmRule)).body;
    const second = await sandbox.createRobot(mine.accountId, { channels: [{ type: 'social_dm' }] });
    const secondSocial = second.channels[0]?.id ?? '';
    const secondRule = (await createRule(secondSocial, dmRule)).body;
    const other = await socialSetup();
    const foreignRule = (await createRule(other.social, dmRule)).body;

    const cases: [string, string, string][] = [
      ['rb_unknown', mine.social, rule.id],
      [other.robot.id, other.social, foreignRule.id],
      [mine.robot.id, other.social, foreignRule.id],
      [mine.robot.id, secondSocial, secondRule.id],
      [second.id, mine.social, rule.id],
      [mine.robot.id, mine.social, secondRule.id],
      [mine.robot.id, mine.social, 'rule_unknown'],
      [mine.robot.id, mine.bot, rule.id],
    ];
    for (const [robotId, channelId, ruleId] of cases) {
      expectError(await getRule(mine.key, robotId, channelId, ruleId), 404, 'not_found');
    }
  });

  it('404 once the channel is disconnected or the robot deleted (rules go with the channel)', async () => {
    const { key, robot, social } = await socialSetup();
    const rule = (await createRule(social, dmRule)).body;
    expect((await sandbox.control('DELETE', `/sandbox/api/channels/${social}`)).status).toBe(204);
    expectError(await getRule(key, robot.id, social, rule.id), 404, 'not_found');

    const again = await socialSetup();
    const kept = (await createRule(again.social, dmRule)).body;
    expect((await sandbox.api(again.key, `/v1/robots/${again.robot.id}`, { method: 'DELETE' })).status).toBe(204);
    expectError(await getRule(again.key, again.robot.id, again.social, kept.id), 404, 'not_found');
  });

  it('order of checks: 401, then 400 for an over-long id, then 404', async () => {
    const { key, robot, social } = await socialSetup();
    const long = 'x'.repeat(201);
    expectError(await getRule('pk_live_wrong', robot.id, social, long), 401, 'invalid_key');
    const details = expectError(await getRule(key, 'rb_unknown', social, long), 400, 'invalid_parameter');
    expect(details).toMatchObject({ parameter: 'rule_id' });
    expectError(await getRule(key, 'rb_unknown', social, 'rule_x'), 404, 'not_found');
  });

  it('is in the OpenAPI document with the Rule schema', async () => {
    const doc = await sandbox.fetch<{ paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } }>(
      '/v1/openapi.json',
    );
    expect(doc.body.paths['/v1/robots/{robot_id}/channels/{channel_id}/rules/{rule_id}']).toHaveProperty('get');
    expect(doc.body.components.schemas).toHaveProperty('Rule');
  });
});
