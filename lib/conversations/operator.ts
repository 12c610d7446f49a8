import 'server-only';
import { getPartnerClient } from '@/lib/connection/client';
import type { PartnerResult } from '@/lib/partner/types';
import type { Attachment } from '@/lib/partner/schemas';

/** Shows (or clears) the operator typing indicator; it lapses by itself after a few seconds (D15). */
export async function setOperatorTyping(conversationId: string, isTyping: boolean): Promise<void> {
  await (await getPartnerClient()).setTyping(conversationId, isTyping);
}

/** Uploads a file for one conversation (D14); the API checks media type, size cap and plan. */
export async function uploadConversationAttachment(conversationId: string, file: File): Promise<PartnerResult<Attachment>> {
  return (await getPartnerClient()).uploadAttachment({ conversationId, file, filename: file.name });
}
