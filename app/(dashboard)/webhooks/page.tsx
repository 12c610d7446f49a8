import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { PageHeader } from '@/components/ui/page-header';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@/components/ui/table';
import { DeliveryStatusBadge } from './delivery-status';
import { DELIVERY_STATUSES, EVENT_TYPES } from '@/contract/vocabulary';
import { canPerform } from '@/lib/auth/permissions';
import { requireSessionUser } from '@/lib/auth/session';
import { loadDeliveries, DELIVERY_PAGE_SIZE } from '@/lib/deliveries/deliveries';
import { toDisplayError } from '@/app/_errors/display-error';
import { pageCount, readPageParam } from '@/lib/ui/pagination';
import { HealthSection, loadHealthSection } from './health-section';
import { ReceiverCard } from './receiver-card';
import { TestEventPanel } from './test-event-panel';
import { WebhooksTabs } from './webhooks-tabs';
import { SAFE_ID, type SearchParams, firstParam } from '@/lib/ui/search-params';
import { LocalTime } from '@/components/ui/local-time';

export const metadata: Metadata = { title: 'Webhooks' };

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireSessionUser();
  const raw = await searchParams;
  const lookup = firstParam(raw.delivery_id)?.trim();
  const problems: string[] = [];
  if (lookup) {
    if (SAFE_ID.test(lookup)) redirect(`/webhooks/deliveries/${encodeURIComponent(lookup)}`);
    problems.push(`“${lookup.slice(0, 40)}” is not a delivery id: they are letters, digits, "-" and "_".`);
  }
  const statusParam = firstParam(raw.status) || undefined;
  const status = DELIVERY_STATUSES.find((s) => s === statusParam);
  if (statusParam && !status) problems.push(`“${statusParam.slice(0, 30)}” is not a delivery status; showing all.`);
  const typeParam = firstParam(raw.event_type) || undefined;
  const eventType = typeParam && /^[a-z0-9_.]{1,60}$/.test(typeParam) ? typeParam : undefined;
  if (typeParam && !eventType) problems.push(`“${typeParam.slice(0, 30)}” is not an event type; showing all.`);
  const { page, problem } = readPageParam(raw.page);
  if (problem) problems.push(problem);

  // The health view reads only the store: read beside the deliveries call and drawn with the page,
  // not streamed in after it, where its arrival pushed everything below it down the screen.
  const health = loadHealthSection();
  health.catch(() => undefined);
  const loaded = await loadDeliveries({ status, eventType, page });
  const base = new URLSearchParams();
  if (status) base.set('status', status);
  if (eventType) base.set('event_type', eventType);
  const hrefFor = (p: number) => `/webhooks?${new URLSearchParams([...base, ['page', String(p)]]).toString()}`;

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Every delivery the service made to your webhook URL, with each attempt and what your endpoint answered."
      />
      <WebhooksTabs current="deliveries" />
      <ReceiverCard />
      <HealthSection loading={health} />
      <TestEventPanel allowed={canPerform(user.role, 'change')} />
      <section aria-labelledby="deliveries-heading" className="mt-8">
        <h2 id="deliveries-heading" className="text-lg font-semibold">
          Deliveries
        </h2>
        <div className="mt-3 flex flex-wrap items-end gap-4">
          <form method="get" action="/webhooks" className="flex flex-wrap items-end gap-3">
            <SelectField
              id="filter-status"
              name="status"
              label="Status"
              defaultValue={status ?? ''}
              anyLabel="Any status"
              options={DELIVERY_STATUSES}
            />
            <SelectField
              id="filter-type"
              name="event_type"
              label="Event type"
              defaultValue={eventType ?? ''}
              anyLabel="Any type"
              options={EVENT_TYPES}
            />
            <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100">
              Filter
            </button>
          </form>
          <form method="get" action="/webhooks" className="flex items-end gap-2" role="search">
            <TextField
              id="lookup"
              name="delivery_id"
              label="Find a delivery by id"
              defaultValue={lookup ?? ''}
              placeholder="dlv_…"
              className="w-56 font-mono text-sm"
            />
            <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100">
              Open
            </button>
          </form>
        </div>
        {problems.length > 0 && (
          <p role="status" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {problems.join(' ')}
          </p>
        )}
        {!loaded.ok ? (
          <ApiErrorNotice className="mt-4" error={toDisplayError(loaded.error)} />
        ) : loaded.data.data?.length ? (
          <>
            <Table frameClassName="mt-4" data-testid="deliveries-table">
              <TableColumns names={['Delivery', 'Event type', 'Status', 'Attempts', 'Created', 'Next attempt']} />
              <TableBody>
                {(loaded.data.data ?? []).map((d, i) => (
                  <TableRow key={d.delivery_id ?? i} data-testid="delivery-row">
                    <TableCell data-label="Delivery" className="font-mono text-xs">
                      {d.delivery_id ? (
                        <Link className="text-brand-700 underline" href={`/webhooks/deliveries/${encodeURIComponent(d.delivery_id)}`}>
                          {d.delivery_id}
                        </Link>
                      ) : (
                        'unknown'
                      )}
                    </TableCell>
                    <TableCell data-label="Event type">{d.event_type ?? 'unknown'}</TableCell>
                    <TableCell data-label="Status">
                      <DeliveryStatusBadge status={d.status} />
                    </TableCell>
                    <TableCell data-label="Attempts" className="tabular-nums">
                      {d.attempts?.length ?? 0}
                    </TableCell>
                    <TableCell data-label="Created">
                      <LocalTime iso={d.created_at} />
                    </TableCell>
                    <TableCell data-label="Next attempt">
                      {d.status === 'pending' || d.status === 'retrying' ? <LocalTime iso={d.next_attempt_at} /> : '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <PaginationNav
              page={page}
              totalPages={pageCount(loaded.data.pagination?.total_count ?? 0, DELIVERY_PAGE_SIZE)}
              hrefFor={hrefFor}
              label="Delivery pages"
            />
          </>
        ) : (
          <div className="mt-4">
            <EmptyState title={status || eventType ? 'No deliveries match these filters' : 'No deliveries yet'}>
              {status || eventType ? (
                <Link className="text-brand-700 underline" href="/webhooks">
                  Clear the filters
                </Link>
              ) : (
                'Deliveries appear once the service sends an event to your webhook URL. Send a test event to try it.'
              )}
            </EmptyState>
          </div>
        )}
      </section>
    </>
  );
}
