import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { requireSessionUser } from '@/lib/auth/session';
import { SectionSkeleton } from '@/components/ui/page-skeleton';
import { RuleLookup } from './rule-lookup';
import { SAFE_ID, type SearchParams, firstParam } from '@/lib/ui/search-params';

export const metadata: Metadata = { title: 'Rules' };

export default async function RulesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireSessionUser();
  const raw = await searchParams;
  const channelParam = firstParam(raw.channel) ?? '';
  const ruleParam = (firstParam(raw.rule) ?? '').trim();
  const [robotId, channelId] = channelParam.split(':');
  const problems: string[] = [];
  if (ruleParam && !SAFE_ID.test(ruleParam))
    problems.push(`“${ruleParam.slice(0, 40)}” is not a rule id: they are letters, digits, "-" and "_".`);
  const wanted =
    robotId && channelId && SAFE_ID.test(robotId) && SAFE_ID.test(channelId) && ruleParam && SAFE_ID.test(ruleParam)
      ? { robotId, channelId, ruleId: ruleParam }
      : null;
  if (ruleParam && !wanted && problems.length === 0) problems.push('Pick the channel the rule belongs to.');

  return (
    <>
      <PageHeader
        title="Rules"
        description="Automation rules of social-DM channels: what a direct message or a comment triggers. Rules are managed in the partner panel; look one up by its id here."
      />
      {/* The header paints at once; the form waits for the channel list. Keyed so a new lookup shows the skeleton. */}
      <Suspense key={`${channelParam}|${ruleParam}`} fallback={<SectionSkeleton />}>
        <RuleLookup channelParam={channelParam} ruleParam={ruleParam} wanted={wanted} problems={problems} />
      </Suspense>
    </>
  );
}
