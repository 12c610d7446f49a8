'use server';

import { z } from 'zod';
import { audited } from '@/lib/audit/record';
import { authorise } from '@/lib/auth/session';
import { typingErrorToDisplay } from '@/lib/conversations/attachment-errors';
import { setOperatorTyping } from '@/lib/conversations/operator';
import type { DisplayError } from '@/lib/ui/display-error';
import { SAFE_ID } from '@/lib/ui/search-params';

export type TypingResult = { ok: true; isTyping: boolean; at: string } | { ok: false; error: DisplayError };

const typingSchema = z.object({ conversationId: z.string().regex(SAFE_ID), isTyping: z.boolean() });

export async function setTypingAction(conversationId: string, isTyping: boolean): Promise<TypingResult> {
  const access = await authorise('change', 'conversation.typing', `conversation:${String(conversationId)}`);
  if (!access.ok) return { ok: false, error: access.error };
  const parsed = typingSchema.safeParse({ conversationId, isTyping });
  if (!parsed.success) return { ok: false, error: { title: 'No conversation named', message: 'Open the conversation again and retry.' } };
  try {
    await audited(
      {
        actor: access.user.email,
        action: 'conversation.typing',
        target: `conversation:${parsed.data.conversationId}`,
        detail: parsed.data.isTyping ? 'on' : 'off',
      },
      () => setOperatorTyping(parsed.data.conversationId, parsed.data.isTyping),
    );
    return { ok: true, isTyping: parsed.data.isTyping, at: new Date().toISOString() };
  } catch (err) {
    return { ok: false, error: typingErrorToDisplay(err) };
  }
}
