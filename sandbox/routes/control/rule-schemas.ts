import { z } from '@hono/zod-openapi';
import { ACTION_TYPES, TRIGGER_MATCH, TRIGGER_ON } from '../../domain/rule-definition';

// A Rule without id and created_at (D24), validated per the contract's Rule, Trigger, Action,
// RuleReplyInComment and RequireFollow tables. Strict objects: an unknown field (id and
// created_at included) is a 422 rather than silently dropped.

const text = (max: number) => z.string().min(1, { error: 'must not be empty' }).max(max);

const ActionInput = z
  .strictObject({
    type: z.enum(ACTION_TYPES, {
      error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${ACTION_TYPES.join(', ')} (closed vocabulary)`),
    }),
    body: text(4000).optional(),
    url: text(2000).optional(),
    label: text(200).optional(),
    seconds: z.number().int().min(0).optional(),
  })
  .superRefine((action, ctx) => {
    if (action.type === 'text' && action.body === undefined) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'is required when type is text' });
    }
  });

const TriggerInput = z.strictObject({
  on: z.enum(TRIGGER_ON, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be dm or comment') }),
  keywords: z.array(text(200), { error: 'is required: a list of strings' }).min(1, { error: 'needs at least one keyword' }),
  match: z.enum(TRIGGER_MATCH, { error: 'must be contains or equal' }).default('contains'),
  media_id: text(200).optional(),
});

const COMMENT_ONLY = 'is for comment rules only (trigger.on "comment")';

export const CreateRuleBody = z
  .strictObject({
    name: text(200).optional(),
    trigger: TriggerInput,
    actions: z.array(ActionInput).max(50).default([]),
    reply_in_comment: z.strictObject({ body: text(4000) }).optional(),
    then_send_dm: z.array(ActionInput).max(50).optional(),
    require_follow: z
      .strictObject({
        enabled: z.boolean({ error: 'is required and must be a boolean' }),
        prompt: text(4000).optional(),
        button_text: text(200).optional(),
        retry_prompt: text(4000).optional(),
      })
      .optional(),
    is_active: z.boolean().default(true),
  })
  .superRefine((rule, ctx) => {
    if (rule.trigger.on !== 'dm') return;
    if (rule.trigger.media_id !== undefined) ctx.addIssue({ code: 'custom', path: ['trigger', 'media_id'], message: COMMENT_ONLY });
    if (rule.reply_in_comment !== undefined) ctx.addIssue({ code: 'custom', path: ['reply_in_comment'], message: COMMENT_ONLY });
    if (rule.then_send_dm !== undefined) ctx.addIssue({ code: 'custom', path: ['then_send_dm'], message: COMMENT_ONLY });
  })
  .openapi('CreateRule');
