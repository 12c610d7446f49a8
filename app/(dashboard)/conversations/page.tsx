import type { Metadata } from 'next';
import { canPerform } from '@/lib/auth/permissions';
import { requireSessionUser } from '@/lib/auth/session';
import { parseConversationSearch } from '@/lib/conversations/search-params';
import { SAFE_ID, firstParam, type SearchParams } from '@/lib/ui/search-params';
import { ConversationDetail } from './conversation-detail';
import { ConversationList } from './conversation-list';

export const metadata: Metadata = { title: 'Conversations' };
export const dynamic = 'force-dynamic';

/**
 * The API cannot read conversations back (only the 20 latest messages of a social-DM one), so this
 * section shows what our webhook receiver recorded: one conversation's thread, or the search.
 */
export default async function ConversationsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireSessionUser();
  const query = await searchParams;
  const requested = firstParam(query.conversation);
  const parsed = parseConversationSearch(query);
  if (requested && SAFE_ID.test(requested)) return <ConversationDetail user={user} conversationId={requested} page={parsed.page} />;
  return <ConversationList parsed={parsed} notAnId={requested} mayChange={canPerform(user.role, 'change')} />;
}
