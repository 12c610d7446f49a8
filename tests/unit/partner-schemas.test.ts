import { describe, expect, it } from 'vitest';
import {
  ActionSchema,
  AttachmentSchema,
  CHANNEL_TYPES,
  ChannelSchema,
  ConnectResultSchema,
  DeliveryListSchema,
  ErrorEnvelopeSchema,
  RobotListSchema,
  RuleSchema,
  TestEventResultSchema,
  UsageReportSchema,
  isKnown,
} from '@/lib/partner/schemas';

describe('tolerance', () => {
  it('accepts empty objects wherever every field is optional', () => {
    for (const schema of [
      ChannelSchema,
      AttachmentSchema,
      RuleSchema,
      TestEventResultSchema,
      UsageReportSchema,
      RobotListSchema,
      DeliveryListSchema,
      ErrorEnvelopeSchema,
    ]) {
      expect(schema.safeParse({}).success).toBe(true);
    }
  });

  it('reads missing or null lists as empty', () => {
    expect(RobotListSchema.parse({}).data).toEqual([]);
    expect(RobotListSchema.parse({ data: [{ id: 'r1', channels: null }] }).data[0]?.channels).toEqual([]);
  });

  it('keeps unknown fields and unknown enum values', () => {
    const list = RobotListSchema.parse({
      data: [{ id: 'r1', future: { x: 1 }, channels: [{ id: 'c', type: 'carrier_pigeon', is_active: true, region: 'eu' }] }],
      pagination: { limit: 50, offset: 0, total_count: 1, has_more: false, cursor: 'abc' },
    });
    expect(list.data[0]).toMatchObject({ future: { x: 1 } });
    expect(list.data[0]?.channels[0]).toMatchObject({ type: 'carrier_pigeon', region: 'eu' });
    expect(list.pagination).toMatchObject({ cursor: 'abc' });
    expect(isKnown(CHANNEL_TYPES, 'carrier_pigeon')).toBe(false);
    expect(isKnown(CHANNEL_TYPES, 'widget')).toBe(true);
  });

  it('accepts nulls the service may send for absent values', () => {
    const usage = UsageReportSchema.parse({
      window: { from: '2026-09-01T00:00:00Z', to: null },
      data: [{ robot_id: 'r1', external_id: null, messages: { total: 4, units: 7.5, by_role: { client: 2, ai: 2 } }, conversations: null }],
      metadata: { processed_at: '2026-09-20T10:00:00Z', cache_hit: false, region: 'eu' },
    });
    expect(usage.data[0]?.messages?.units).toBe(7.5);
    expect(usage.data[0]?.external_id).toBeNull();
  });

  it('parses the breakdown=source fields if a service adds them anyway', () => {
    const usage = UsageReportSchema.parse({
      data: [
        {
          robot_id: 'r1',
          channel: 'social_dm',
          by_source: { direct: { conversations: 1, messages: 3 }, live_video: { messages: 1 } },
          totals: { conversations: 1, messages: 4 },
        },
      ],
    });
    expect(usage.data[0]?.by_source?.live_video?.messages).toBe(1);
  });

  it('still rejects wrong types, so a real contract break is noticed', () => {
    expect(RobotListSchema.safeParse({ data: 'x' }).success).toBe(false);
    expect(ChannelSchema.safeParse({ is_active: 'yes' }).success).toBe(false);
    expect(UsageReportSchema.safeParse({ metadata: { cache_hit: 'no' } }).success).toBe(false);
  });
});

describe('connect result', () => {
  it('reads a token channel as live', () => {
    const r = ConnectResultSchema.parse({ status: 'connected', id: 'c1', type: 'messenger_bot', is_active: true, username: 'bot' });
    expect(r.kind).toBe('live');
  });

  it('reads pending_authorisation as pending', () => {
    const r = ConnectResultSchema.parse({
      status: 'pending_authorisation',
      id: 'c2',
      type: 'social_dm',
      authorisation_url: 'https://a/b',
      expires_at: '2026-09-20T10:15:00Z',
    });
    expect(r).toMatchObject({ kind: 'pending', channel: { authorisation_url: 'https://a/b' } });
  });

  it('reads the documented contradiction (connected + authorisation_url) as pending', () => {
    const r = ConnectResultSchema.parse({ status: 'connected', id: 'c2', authorisation_url: 'https://a/b?x=%2F', expires_at: 'x' });
    expect(r.kind).toBe('pending');
    expect(r.channel.status).toBe('pending_authorisation');
    if (r.kind === 'pending') expect(r.channel.authorisation_url).toBe('https://a/b?x=%2F');
  });

  it('accepts an unknown live status but requires the discriminator', () => {
    expect(ConnectResultSchema.parse({ status: 'warming_up', id: 'c3' }).kind).toBe('live');
    expect(ConnectResultSchema.safeParse({ id: 'c3' }).success).toBe(false);
  });
});

describe('rule', () => {
  it('parses a comment rule with a follow gate and an unknown action type', () => {
    const rule = RuleSchema.parse({
      id: 'ru1',
      trigger: { on: 'comment', keywords: ['price'], media_id: 'm1', match: 'fuzzy' },
      reply_in_comment: { body: 'Sent you a DM' },
      then_send_dm: [
        { type: 'link', url: 'https://x', label: 'Shop' },
        { type: 'carousel', cards: [] },
      ],
      require_follow: { enabled: true, prompt: 'Follow first', button_text: 'Done', retry_prompt: 'Not yet' },
    });
    expect(rule.actions).toEqual([]);
    expect(rule.then_send_dm[1]?.type).toBe('carousel');
    expect(rule.trigger?.match).toBe('fuzzy');
    expect(rule.is_active).toBeUndefined();
  });

  it('requires the action type, the field renderers switch on', () => {
    expect(ActionSchema.safeParse({ body: 'hi' }).success).toBe(false);
  });
});

describe('deliveries and errors', () => {
  it('parses a delivery list with attempts and an arbitrary payload', () => {
    const list = DeliveryListSchema.parse({
      data: [
        {
          delivery_id: 'd1',
          status: 'retrying',
          next_attempt_at: null,
          payload: { type: 'test', data: { test: true } },
          attempts: [{ attempt: 1, response_status: 500, response_body: 'oops', duration_ms: 12, error: null }],
        },
      ],
      pagination: { limit: 50, offset: 0, total_count: 1, has_more: false },
    });
    expect(list.data[0]?.attempts[0]?.response_status).toBe(500);
  });

  it('parses an error envelope with or without details', () => {
    expect(ErrorEnvelopeSchema.parse({ error: { code: 'x' } }).error?.code).toBe('x');
    expect(ErrorEnvelopeSchema.parse({ error: { details: { issues: [{ path: 'a', message: 'b' }] } } }).error?.details).toHaveProperty(
      'issues',
    );
  });
});
