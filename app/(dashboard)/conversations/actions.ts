'use server';

import { z } from 'zod';
import { defineAction } from '@/app/_actions/define-action';
import { typingErrorToDisplay } from '@/app/_errors/attachment-errors';
import type { DisplayError } from '@/app/_errors/display-error';
import { setOperatorTyping } from '@/lib/conversations/operator';
import { SAFE_ID } from '@/lib/ui/search-params';

export type TypingResult = { ok: true; isTyping: boolean; at: string } | { ok: false; error: DisplayError };

const typingSchema = z.object({ conversationId: z.string().regex(SAFE_ID), isTyping: z.boolean() });

export const setTypingAction = defineAction(
  {
    permission: 'change',
    audit: (conversationId) => ({
      action: 'conversation.typing',
      target: `conversation:${String(conversationId)}`,
    }),
    schema: typingSchema,
    input: (conversationId: string, isTyping: boolean) => ({ conversationId, isTyping }),
    refused: (error): TypingResult => ({ ok: false, error }),
    invalid: (): TypingResult => ({
      ok: false,
      error: { title: 'No conversation named', message: 'Open the conversation again and retry.' },
    }),
    failed: (err): TypingResult => ({ ok: false, error: typingErrorToDisplay(err) }),
  },
  async ({ data, audited }): Promise<TypingResult> => {
    await audited(() => setOperatorTyping(data.conversationId, data.isTyping), { detail: data.isTyping ? 'on' : 'off' });
    return { ok: true, isTyping: data.isTyping, at: new Date().toISOString() };
  },
);
