import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Usage' };

export default function UsagePage() {
  return (
    <>
      <PageHeader title="Usage" description="Messages, units and conversations per robot over any window up to a year." />
      <EmptyState title="Usage reports are not available in this version yet">Charts by role and units arrive with the usage release.</EmptyState>
    </>
  );
}
