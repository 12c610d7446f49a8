import { z } from '@hono/zod-openapi';
import { ACTION_TYPES, TRIGGER_MATCH, TRIGGER_ON } from '../../domain/rule-definition';

// The Rule as /v1 answers it (contract: Rule, Trigger, Action, RuleReplyInComment, RequireFollow).

const ActionSchema = z
  .object({
    type: z.enum(ACTION_TYPES).openapi({ description: 'Closed vocabulary; new types may be added without a version change.' }),
    body: z.string().optional().openapi({ description: 'Required when type is text.' }),
    url: z.string().optional().openapi({ description: 'Destination of a link or source of an image.' }),
    label: z.string().optional().openapi({ description: 'Button label of a link.' }),
    seconds: z.number().int().optional().openapi({ description: 'Wait time of a delay.' }),
  })
  .openapi('Action');

export const RuleSchema = z
  .object({
    id: z.string().openapi({ example: 'rule_8Jd0sPq2LmX4vN7a' }),
    name: z.string().optional().openapi({ description: "Partner's label." }),
    trigger: z
      .object({
        on: z.enum(TRIGGER_ON).openapi({ description: '`dm`: direct messages; `comment`: comments on posts and reels.' }),
        keywords: z.array(z.string()).min(1),
        match: z.enum(TRIGGER_MATCH).openapi({ description: '`contains` (default): keyword anywhere; `equal`: the whole message.' }),
        media_id: z.string().optional().openapi({ description: 'Comment rules only: one post or reel; omitted means all posts.' }),
      })
      .openapi('Trigger'),
    actions: z.array(ActionSchema).openapi({ description: 'What to send on a dm rule.' }),
    reply_in_comment: z
      .object({ body: z.string() })
      .optional()
      .openapi('RuleReplyInComment', { description: 'Comment rules only; public reply.' }),
    then_send_dm: z.array(ActionSchema).optional().openapi({ description: 'Comment rules only; private message after the public reply.' }),
    require_follow: z
      .object({
        enabled: z.boolean(),
        prompt: z.string().optional(),
        button_text: z.string().optional(),
        retry_prompt: z.string().optional(),
      })
      .optional()
      .openapi('RequireFollow', { description: 'Withhold the reply until the commenter follows the page.' }),
    is_active: z.boolean().openapi({ description: 'Whether the rule fires.' }),
    created_at: z.iso.datetime(),
  })
  .openapi('Rule');
