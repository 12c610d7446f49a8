import { z } from '@hono/zod-openapi';
import { MESSAGE_ROLES, REPLY_KINDS, SOURCES } from '../../domain/conversation-vocabulary';
import { parseInstant } from '../../domain/instants';
import { CHANNEL_TYPES } from '../../domain/vocabulary';

const MESSAGES_PER_CALL = 1000;

// History may be imported (D24: `at` in the past, even before the robot existed), but not before
// 1970: the roll-ups bucket non-negative epoch milliseconds.
const instant = z.iso
  .datetime({ offset: true, error: 'must be an RFC 3339 date-time' })
  .refine((value) => (parseInstant(value) ?? -1) >= 0, { error: 'must be a real date-time from 1970 on' });

export const MessageInputSchema = z.strictObject({
  role: z.enum(MESSAGE_ROLES),
  text: z.string().min(1).max(10_000),
  at: instant.optional().openapi({ description: 'Defaults to the sandbox clock now; may lie in the past.' }),
  kind: z
    .enum(REPLY_KINDS)
    .optional()
    .openapi({ description: 'What a live `ai` reply sends (send-rate lane); default text. Ignored otherwise.' }),
});

export const CreateConversationBody = z
  .strictObject({
    channel_type: z.enum(CHANNEL_TYPES).optional(),
    source: z.enum(SOURCES).optional(),
    messages: z.array(MessageInputSchema).max(MESSAGES_PER_CALL),
  })
  .openapi('CreateConversation');

export const AddMessagesBody = z
  .strictObject({ messages: z.array(MessageInputSchema).min(1).max(MESSAGES_PER_CALL) })
  .openapi('AddMessages');

export const SimulateHistoryBody = z
  .strictObject({
    days: z.number().int().min(1).max(366).optional(),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
  })
  .openapi('SimulateHistory');

export const SimulatorBody = z
  .strictObject({
    account_id: z.string().min(1).max(200),
    enabled: z.boolean(),
    interval_seconds: z.number().min(1).max(3600).optional(),
  })
  .openapi('Simulator');
