import type { Metadata } from 'next';
import Link from 'next/link';
import { ChannelBadge } from './channel-badge';
import { Card } from '@/components/ui/card';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { requireSessionUser } from '@/lib/auth/session';
import { canPerform } from '@/lib/auth/permissions';
import { toDisplayError } from '@/app/_errors/display-error';
import { pageCount, readPageParam } from '@/lib/ui/pagination';
import { directoryStatus } from '@/lib/robots/directory';
import { robotQuerySchema, searchDirectory } from '@/lib/robots/directory-query';
import { readBesideLook } from '@/lib/robots/robots';
import { DirectoryFreshness } from './directory-freshness';
import { RobotFilters } from './robot-filters';
import { firstParam, SAFE_ID } from '@/lib/ui/search-params';
import { justDeletedRobotName } from '@/lib/robots/deletion-notice';
import { DeleteRobotButton } from './delete-robot-button';
import { LocalTime } from '@/components/ui/local-time';
import { robotCountLine } from './robot-count';

export const metadata: Metadata = { title: 'Robots' };

const ROBOTS_PAGE_SIZE = 10;

export default async function RobotsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireSessionUser();
  const query = await searchParams;
  const { page, problem } = readPageParam(query.page);
  const deletedId = firstParam(query.deleted);
  const deleted = deletedId && SAFE_ID.test(deletedId) ? await justDeletedRobotName(user.email, deletedId) : undefined;
  const robotQuery = robotQuerySchema.parse({
    q: firstParam(query.q),
    type: firstParam(query.type) || undefined,
    state: firstParam(query.state) || undefined,
    sort: firstParam(query.sort),
  });
  const { look, data: listed } = await readBesideLook(() => searchDirectory(robotQuery, page, ROBOTS_PAGE_SIZE));
  if (!look.ok) {
    return (
      <>
        <PageHeader title="Robots" />
        <ApiErrorNotice error={toDisplayError(look.error)} />
      </>
    );
  }
  const freshness = look.freshness;
  const status = await directoryStatus();
  const { robots, total } = listed;
  const filtered = Boolean(robotQuery.q || robotQuery.type || robotQuery.state);
  const totalPages = pageCount(total, ROBOTS_PAGE_SIZE);
  const listParams = new URLSearchParams(
    Object.entries({
      q: robotQuery.q,
      type: robotQuery.type ?? '',
      state: robotQuery.state ?? '',
      sort: robotQuery.sort === 'newest' ? '' : robotQuery.sort,
    }).filter(([, v]) => v !== ''),
  );
  const hrefFor = (p: number) => `/robots?${new URLSearchParams([...listParams, ['page', String(p)]]).toString()}`;
  const mayDelete = canPerform(user.role, 'change');
  // Until the directory is complete, a count is what was read so far, against the total the API gave.
  const countLine = await robotCountLine(status, total, filtered);

  return (
    <>
      <PageHeader title="Robots" description={<span data-testid="robot-count">{countLine}</span>} />
      <DirectoryFreshness checkedAt={status.checkedAt} sweptAt={status.sweptAt} budgetSpent={freshness.budgetSpent} mayRefresh />
      <RobotFilters query={robotQuery} />
      {deleted && (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="deleted-notice">
          Robot “{deleted}” was deleted. Its channels were disconnected and their slots freed.
        </p>
      )}
      {problem && (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {problem}
        </p>
      )}
      {!mayDelete && (
        <p className="mb-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700" id="viewer-note">
          You are signed in as a viewer: you can see everything here, but only an admin can delete robots.
        </p>
      )}
      {robots.length === 0 ? (
        total > 0 ? (
          <EmptyState title={`There is no page ${page}`}>
            <Link className="text-brand-700 underline" href={hrefFor(totalPages)}>
              Go to the last page ({totalPages})
            </Link>
          </EmptyState>
        ) : filtered ? (
          <EmptyState title="No robot matches">
            Try part of the name, the whole customer id, or fewer filters.{' '}
            <Link className="text-brand-700 underline" href="/robots">
              Show every robot
            </Link>
          </EmptyState>
        ) : (
          <EmptyState title="No robots yet">
            Robots are created in the partner panel; once one exists it appears here with its channels.
          </EmptyState>
        )
      ) : (
        <ul className="space-y-3" aria-label="Robots">
          {robots.map((robot) => (
            <Card as="li" padding="sm" key={robot.id} data-testid="robot-row">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 className="font-semibold" data-testid="robot-name">
                    <Link href={`/robots/${encodeURIComponent(robot.id)}`} className="hover:underline">
                      {robot.name}
                    </Link>
                  </h2>
                  <p className="text-sm text-slate-600">
                    {robot.externalId ? (
                      <>
                        Customer <code className="font-mono">{robot.externalId}</code> ·{' '}
                      </>
                    ) : null}
                    Created {<LocalTime iso={robot.createdAt} />}
                  </p>
                  <p className="font-mono text-xs text-slate-500">{robot.id}</p>
                </div>
                <DeleteRobotButton robotId={robot.id} robotName={robot.name} allowed={mayDelete} page={page} />
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                {robot.channels.length === 0 ? (
                  <span className="text-sm text-slate-500">No channels connected</span>
                ) : (
                  robot.channels.map((channel, i) => (
                    <ChannelBadge key={channel.id ?? i} type={channel.type ?? undefined} isActive={channel.is_active ?? undefined} />
                  ))
                )}
              </div>
            </Card>
          ))}
        </ul>
      )}
      <PaginationNav page={page} totalPages={totalPages} hrefFor={hrefFor} label="Robot pages" />
    </>
  );
}
