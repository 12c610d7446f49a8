import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { SectionSkeleton } from '@/components/ui/page-skeleton';
import { requireSessionUser } from '@/lib/auth/session';
import { SettingsSections } from './settings-sections';

export const metadata: Metadata = { title: 'Settings' };
export const dynamic = 'force-dynamic';

export default async function SettingsPage() {
  const user = await requireSessionUser();
  return (
    <>
      <PageHeader title="Settings" description="Which Partner API this dashboard talks to, and with which key." />
      {/* The header paints at once (it is the page's largest paint on a phone); the sections wait for the store. */}
      <Suspense fallback={<SectionSkeleton />}>
        <SettingsSections user={user} />
      </Suspense>
    </>
  );
}
