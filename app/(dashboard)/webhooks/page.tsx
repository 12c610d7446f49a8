import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Webhooks' };

export default function WebhooksPage() {
  return (
    <>
      <PageHeader title="Webhooks" description="Deliveries, their attempts, test events and the events our receiver got." />
      <EmptyState title="The deliveries inspector is not available in this version yet" />
    </>
  );
}
