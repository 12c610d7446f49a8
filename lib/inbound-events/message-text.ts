import { z } from 'zod';

const messageEnvelope = z.looseObject({
  data: z
    .looseObject({
      text: z.unknown().optional(),
      message: z.looseObject({ text: z.unknown().optional() }).nullish(),
    })
    .nullish(),
});

/**
 * What a message event says: `data.message.text`, or `data.text` as some events carry it. The same
 * rule fills the stored column searches read and the migration that filled it for older events.
 */
export function messageTextOf(envelope: unknown): string | null {
  const parsed = messageEnvelope.safeParse(envelope);
  if (!parsed.success) return null;
  const { data } = parsed.data;
  const text = data?.message?.text ?? data?.text;
  return typeof text === 'string' ? text : null;
}

export const MESSAGE_EVENT_TYPES = ['message.received', 'message.sent'] as const;

export const isMessageEvent = (type: string) => (MESSAGE_EVENT_TYPES as readonly string[]).includes(type);
