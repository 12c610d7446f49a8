import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { SectionSkeleton } from '@/components/ui/page-skeleton';
import { requireSessionUser } from '@/lib/auth/session';
import { readPageParam } from '@/lib/ui/pagination';
import { SAFE_ID, type SearchParams, firstParam } from '@/lib/ui/search-params';
import { WebhooksTabs } from '../webhooks-tabs';
import { EventList } from './event-list';

export const metadata: Metadata = { title: 'Events received' };
export const dynamic = 'force-dynamic';

const TYPE = /^[a-z0-9_.]{1,60}$/;

export default async function EventsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireSessionUser();
  const raw = await searchParams;
  const problems: string[] = [];
  const pick = (name: string, pattern: RegExp, label: string) => {
    const value = firstParam(raw[name])?.trim();
    if (!value) return undefined;
    if (pattern.test(value)) return value;
    problems.push(`“${value.slice(0, 40)}” is not a valid ${label}; that filter is ignored.`);
    return undefined;
  };
  const type = pick('type', TYPE, 'event type');
  const robotId = pick('robot', SAFE_ID, 'robot id');
  const conversationId = pick('conversation', SAFE_ID, 'conversation id');
  const includeTests = firstParam(raw.tests) === '1';
  const { page, problem } = readPageParam(raw.page);
  if (problem) problems.push(problem);

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Events our receiver accepted (signature and token checked), newest first. A retried delivery is stored once."
      />
      <WebhooksTabs current="events" />
      {/* The header paints at once; the list waits for the store. Keyed so a new filter shows the skeleton. */}
      <Suspense key={[type, robotId, conversationId, includeTests, page].join('|')} fallback={<SectionSkeleton />}>
        <EventList filters={{ type, robotId, conversationId, includeTests }} page={page} problems={problems} />
      </Suspense>
    </>
  );
}
