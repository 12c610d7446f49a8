import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { requireSessionUser } from '@/lib/auth/session';
import { navSections } from '@/lib/navigation/sections';

export const metadata: Metadata = { title: 'Overview' };

/** The account at a glance. For now a map of the sections; it makes no API call of its own. */
export default async function OverviewPage() {
  const user = await requireSessionUser();
  const sections = navSections(user.role === 'admin').filter((s) => s.href !== '/');
  return (
    <>
      <PageHeader title="Overview" description="Where to find each part of the account." />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {sections.map((s) => (
          <Card as="li" padding="none" key={s.id} className="hover:border-brand-600">
            <Link href={s.href} className="block h-full rounded-lg p-4 focus-visible:outline-2 focus-visible:outline-brand-600">
              <span className="font-medium text-brand-700">{s.label}</span>
              <span className="mt-1 block text-sm text-slate-600">{s.summary}</span>
            </Link>
          </Card>
        ))}
      </ul>
    </>
  );
}
