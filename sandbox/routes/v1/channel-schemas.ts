import { z } from '@hono/zod-openapi';
import { BOT_TOKEN_PATTERN } from '../../domain/channel-connect';
import { ChannelTypeSchema } from './schemas';

const CONNECTABLE = ['messenger_bot', 'social_dm'] as const;

export const ConnectChannelBody = z
  .object({
    type: z
      .enum(CONNECTABLE, {
        // D8: the other types exist, but only the panel connects them; say so rather than "invalid".
        error: (issue) =>
          issue.input === undefined
            ? 'is required'
            : 'must be messenger_bot or social_dm; other channel types are connected in the panel only',
      })
      .openapi({ description: 'Channel types connectable over the API; the others are connected in the panel only.' }),
    config: z
      .object({
        token: z
          .string({ error: 'is required' })
          .regex(BOT_TOKEN_PATTERN, { error: 'must be a bot token: 6-12 digits, a colon, then 30-64 of A-Z a-z 0-9 _ -' })
          .openapi({ example: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw' }),
      })
      .optional()
      .openapi({ description: 'Only for `messenger_bot`, where it is required; `social_dm` takes no config.' }),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'messenger_bot' && body.config === undefined) {
      ctx.addIssue({ code: 'custom', path: ['config'], message: 'is required for messenger_bot (config.token)' });
    }
    if (body.type === 'social_dm' && body.config !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['config'],
        message: 'must be absent for social_dm, which connects through a browser handshake',
      });
    }
  })
  .openapi('ConnectChannel');

export const PatchChannelBody = z
  .object({
    is_active: z.boolean({ error: 'is required and must be a boolean' }).openapi({
      description: 'true enables (needs a free capacity slot and a plan that has not lapsed); false disables, always.',
    }),
  })
  .openapi('PatchChannel');

/**
 * The contract: "All fields except the status discriminator are optional in responses", so a
 * generated client must not count on them; the sandbox itself always sends every one.
 */
export const ChannelSchema = z
  .object({
    id: z.string().optional().openapi({ example: 'ch_3kQ9sLm0ZpX7bT1c' }),
    type: ChannelTypeSchema.optional(),
    robot_id: z.string().optional(),
    username: z.string().nullable().optional().openapi({ description: 'Handle of the connected account; present once authorised.' }),
    is_active: z.boolean().optional().openapi({ description: 'Whether the channel receives traffic (holds a capacity slot).' }),
    connected_at: z.iso.datetime().nullable().optional().openapi({ description: 'When the channel went live (last connected).' }),
    status: z.enum(['connected', 'disabled']),
  })
  .openapi('Channel', {
    example: {
      id: 'ch_3kQ9sLm0ZpX7bT1c',
      type: 'messenger_bot',
      robot_id: 'rb_8Jd0sPq2LmX4vN7a',
      username: 'shop_helper_bot',
      is_active: true,
      connected_at: '2026-11-27T10:15:00.000Z',
      status: 'connected',
    },
  });

export const PendingChannelSchema = z
  .object({
    status: z.literal('pending_authorisation'),
    id: z.string().openapi({ description: 'The channel being connected.' }),
    robot_id: z.string(),
    type: z.literal('social_dm'),
    authorisation_url: z.url().openapi({
      description: "Opaque. Send the page owner's browser to it exactly as returned; never construct, parse or rewrite it.",
    }),
    expires_at: z.iso.datetime().openapi({ description: 'After this a new handshake must be started.' }),
  })
  .openapi('PendingChannel', {
    example: {
      status: 'pending_authorisation',
      id: 'ch_7Hs2kLq9ZxW0pB4n',
      robot_id: 'rb_8Jd0sPq2LmX4vN7a',
      type: 'social_dm',
      authorisation_url: 'http://127.0.0.1:4010/sandbox/authorise/hs_Q3v8Lm0ZpX7bT1cV',
      expires_at: '2026-11-27T10:45:00.000Z',
    },
  });
