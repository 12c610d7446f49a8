import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminsOnly } from '@/components/ui/admins-only';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { LocalTime } from '@/components/ui/local-time';
import { PageHeader } from '@/components/ui/page-header';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_OUTCOMES } from '@/lib/audit/actions';
import { readAuditFilter } from '@/lib/audit/filter-params';
import { auditActors, listAudit } from '@/lib/audit/query';
import { requireSessionUser } from '@/lib/auth/session';
import { pageCount, readPageParam } from '@/lib/ui/pagination';
import type { SearchParams } from '@/lib/ui/search-params';

export const metadata: Metadata = { title: 'Audit log' };
export const dynamic = 'force-dynamic';

const PAGE_SIZE = 50;
const OUTCOME_STYLE = {
  ok: 'bg-green-100 text-green-800',
  refused: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-800',
} as const;

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireSessionUser();
  if (user.role !== 'admin')
    return (
      <>
        <PageHeader title="Audit log" />
        <AdminsOnly what="the audit log" />
      </>
    );
  const raw = await searchParams;
  const { filter, problems, query } = readAuditFilter(raw);
  const { page, problem } = readPageParam(raw.page);
  if (problem) problems.push(problem);
  const [{ rows, total }, actors] = await Promise.all([listAudit(filter, PAGE_SIZE, (page - 1) * PAGE_SIZE), auditActors()]);
  const hrefFor = (p: number) => `/audit?${new URLSearchParams([...query, ['page', String(p)]]).toString()}`;
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made through this dashboard, every sign-in and every refusal: who, when, what, on what, and the API's request id."
        actions={
          <a
            href={`/audit/export?${query.toString()}`}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
          >
            Export CSV
          </a>
        }
      />
      {problems.map((p) => (
        <p key={p} role="alert" className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {p}
        </p>
      ))}
      <Card as="form" padding="sm" method="get" aria-label="Filter the audit log" className="flex flex-wrap items-end gap-3">
        <SelectField id="audit-person" name="person" label="Person" defaultValue={filter.person ?? ''} anyLabel="Anyone" options={actors} />
        <SelectField
          id="audit-action"
          name="action"
          label="Action"
          defaultValue={filter.action ?? ''}
          anyLabel="Any action"
          options={AUDIT_ACTION_NAMES.map((a) => ({ value: a, label: AUDIT_ACTIONS[a] }))}
        />
        <SelectField
          id="audit-outcome"
          name="outcome"
          label="Outcome"
          defaultValue={filter.outcome ?? ''}
          anyLabel="Any outcome"
          options={AUDIT_OUTCOMES}
        />
        <TextField id="audit-target" name="target" label="Target contains" defaultValue={filter.target ?? ''} className="w-48 text-sm" />
        <TextField id="audit-from" name="from" type="date" label="From (UTC)" defaultValue={filter.from ?? ''} className="text-sm" />
        <TextField id="audit-to" name="to" type="date" label="To (UTC)" defaultValue={filter.to ?? ''} className="text-sm" />
        <button type="submit" className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Filter
        </button>
        {query.size > 0 && (
          <Link href="/audit" className="py-2 text-sm text-brand-700 underline">
            Clear filters
          </Link>
        )}
      </Card>
      <p className="mt-4 text-sm text-slate-600" data-testid="audit-total">
        {total} entr{total === 1 ? 'y' : 'ies'}
      </p>
      {rows.length === 0 ? (
        <EmptyState title="No entries">
          {query.size > 0 ? 'Nothing matches these filters.' : 'Nothing has been done through this dashboard yet.'}
        </EmptyState>
      ) : (
        <Card as="ol" padding="none" className="mt-2 divide-y divide-slate-200" aria-label="Audit entries">
          {rows.map((r) => (
            <li key={r.id} data-testid="audit-row" className="grid gap-1 p-3 text-sm md:grid-cols-[12rem_1fr]">
              <div className="text-slate-600">
                <LocalTime iso={new Date(r.at).toISOString()} />
              </div>
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold" data-testid="audit-action">
                    {AUDIT_ACTIONS[r.action as keyof typeof AUDIT_ACTIONS] ?? r.action}
                  </span>
                  <span className={`rounded px-2 py-0.5 text-xs font-medium ${OUTCOME_STYLE[r.outcome]}`} data-testid="audit-outcome">
                    {r.outcome}
                  </span>
                  {r.errorCode && <code className="font-mono text-xs">{r.errorCode}</code>}
                  {r.repeats > 1 && (
                    <span className="text-xs text-slate-700" data-testid="audit-repeats">
                      {r.repeats} times
                      {r.lastAt !== null && (
                        <>
                          , last <LocalTime iso={new Date(r.lastAt).toISOString()} />
                        </>
                      )}
                    </span>
                  )}
                </p>
                <p className="break-words">
                  <span className="sr-only">By </span>
                  {r.actor}
                  {r.target && (
                    <>
                      {' '}
                      on <code className="font-mono text-xs break-all">{r.target}</code>
                    </>
                  )}
                </p>
                {r.detail && <p className="break-words text-slate-700">{r.detail}</p>}
                <p className="text-xs text-slate-600">
                  Request id{' '}
                  <code className="font-mono break-all" data-testid="audit-request-id">
                    {r.requestId ?? '—'}
                  </code>
                  {r.address && ` · from ${r.address}`}
                </p>
              </div>
            </li>
          ))}
        </Card>
      )}
      <PaginationNav page={page} totalPages={pageCount(total, PAGE_SIZE)} hrefFor={hrefFor} label="Audit log pages" />
    </>
  );
}
