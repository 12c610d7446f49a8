import { z } from '@hono/zod-openapi';
import { ATTACHMENT_KINDS, CHANNEL_TYPES, MODELS, ROLES, TIERS } from '../../domain/vocabulary';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const WebhookSchema = z.strictObject({
  // Loopback URLs are fine (D24): the embedded receiver lives there.
  url: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }),
  auth_token: z.string().min(1).max(1000),
  custom_headers: z.record(z.string().regex(HEADER_NAME, { error: 'must be a valid header name' }), z.string().max(4000)).optional(),
});

const accountFields = {
  name: z.string().min(1).max(200),
  tier: z.enum(TIERS).optional(),
  // A standard and a social-DM subscription may be held side by side (decision 0026).
  standard_plan: z.boolean().optional(),
  social_dm_tier: z.enum(TIERS).nullable().optional(),
  capacity: z.number().int().min(0).max(100_000).optional(),
  rate_limit_per_minute: z.number().int().min(1).max(1_000_000).optional(),
  roles: z.array(z.enum(ROLES)).optional(),
  return_url: z
    .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
    .nullable()
    .optional(),
  webhook: WebhookSchema.nullable().optional(),
};

export const CreateAccountBody = z.strictObject(accountFields).openapi('CreateAccount');

export const PatchAccountBody = z
  .strictObject({
    ...accountFields,
    name: accountFields.name.optional(),
    lapsed: z.boolean().optional(),
    key_expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
    excluded_attachment_kinds: z.array(z.enum(ATTACHMENT_KINDS)).optional(),
  })
  .openapi('PatchAccount');

export const CreateRobotBody = z
  .strictObject({
    name: z.string().min(1).max(200),
    external_id: z.string().min(1).max(200).nullable().optional(),
    model: z.enum(MODELS).optional(),
    // Lets seeds spread creation times (and make ties) for ordering and usage history.
    created_at: z.iso.datetime({ offset: true }).optional(),
    channels: z
      .array(
        z.strictObject({
          type: z.enum(CHANNEL_TYPES),
          is_active: z.boolean().optional(),
          username: z.string().min(1).max(200).optional(),
        }),
      )
      .max(CHANNEL_TYPES.length)
      .optional(),
  })
  .openapi('CreateRobot');

export const PatchRobotBody = z
  .strictObject({
    name: z.string().min(1).max(200).optional(),
    external_id: z.string().min(1).max(200).nullable().optional(),
    model: z.enum(MODELS).optional(),
  })
  .openapi('PatchRobot');

export const FaultBody = z
  .strictObject({
    account_id: z.string().min(1).optional(),
    method: z
      .string()
      .regex(/^[A-Za-z]+$/)
      .optional(),
    path_prefix: z.string().startsWith('/v1', { error: 'must start with /v1' }),
    status: z.union([z.literal(429), z.literal(500), z.literal(503)]),
    times: z.number().int().min(1).max(10_000),
    retry_after: z.number().int().min(0).max(86_400).optional(),
    dependency: z.enum(['channel_provider', 'ai_service']).optional(),
  })
  .openapi('Fault');

const TEN_YEARS_S = 10 * 366 * 24 * 3600;

export const AdvanceClockBody = z
  .strictObject({ seconds: z.number().positive({ error: 'must be > 0: the clock only moves forward' }).max(TEN_YEARS_S) })
  .openapi('AdvanceClock');

// The reset deletes every account: the body must say so, so a stray POST (a script's typo, a
// retried request meant for another path) cannot wipe a shared sandbox.
export const ResetBody = z
  .strictObject({ confirm: z.literal('delete every account', { error: 'must be "delete every account"' }) })
  .openapi('Reset');

const AnyJson = z.record(z.string(), z.unknown());

export const jsonResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: AnyJson } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

export const idParam = (name: string) =>
  z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name, in: 'path', required: true } });
