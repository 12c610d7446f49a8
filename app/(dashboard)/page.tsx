import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { SectionSkeleton } from '@/components/ui/page-skeleton';
import { requireSessionUser } from '@/lib/auth/session';
import { AttentionCard } from './_overview/attention-card';
import { lookSoon } from './_overview/directory-look';
import { BudgetCard } from './_overview/budget-card';
import { RobotsCard } from './_overview/robots-card';
import { UsageCard } from './_overview/usage-card';
import { WebhookHealthCard } from './_overview/webhook-health-card';

export const metadata: Metadata = { title: 'Overview' };
export const dynamic = 'force-dynamic';

/**
 * The account at a glance: each card loads on its own from the dashboard's store. A view starts at
 * most one call to the API (a look at the newest robots, not waited for) however many robots the
 * account holds.
 */
export default async function OverviewPage() {
  await requireSessionUser();
  lookSoon();
  return (
    <>
      <PageHeader title="Overview" description="What needs attention across the account, and how it stands." />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Suspense fallback={<SectionSkeleton />}>
            <AttentionCard />
          </Suspense>
        </div>
        <div className="space-y-4">
          <Suspense fallback={<SectionSkeleton />}>
            <WebhookHealthCard />
          </Suspense>
          <Suspense fallback={<SectionSkeleton />}>
            <RobotsCard />
          </Suspense>
          <Suspense fallback={<SectionSkeleton />}>
            <UsageCard />
          </Suspense>
          <Suspense fallback={<SectionSkeleton />}>
            <BudgetCard />
          </Suspense>
        </div>
      </div>
    </>
  );
}
