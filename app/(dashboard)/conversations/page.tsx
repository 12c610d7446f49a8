import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Conversations' };

export default function ConversationsPage() {
  return (
    <>
      <PageHeader title="Conversations" description="Typing indicator and attachments for live conversations." />
      <EmptyState title="Conversations are not available in this version yet" />
    </>
  );
}
