import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@/components/ui/table';
import { LocalTime } from '@/components/ui/local-time';
import { pageCount } from '@/lib/ui/pagination';
import { prettyJson } from '@/lib/ui/format';
import { robotNamesById } from '@/lib/robots/robots';
import { distinctEventTypes, listWebhookEvents, type EventFilter } from '@/lib/inbound-events/event-store';

const EVENTS_PAGE_SIZE = 25;

/** The filter form and the stored events it selects: the part of the page that waits for the store. */
export async function EventList({ filters, page, problems }: { filters: EventFilter; page: number; problems: string[] }) {
  const { type, robotId, conversationId, includeTests } = filters;
  const { rows, total } = await listWebhookEvents(filters, EVENTS_PAGE_SIZE, (page - 1) * EVENTS_PAGE_SIZE);
  const types = await distinctEventTypes();
  const names = await robotNamesById(rows.map((e) => e.robotId));
  const base = new URLSearchParams();
  if (type) base.set('type', type);
  if (robotId) base.set('robot', robotId);
  if (conversationId) base.set('conversation', conversationId);
  if (includeTests) base.set('tests', '1');
  const hrefFor = (p: number) => `/webhooks/events?${new URLSearchParams([...base, ['page', String(p)]]).toString()}`;

  return (
    <>
      <Card as="form" padding="sm" method="get" action="/webhooks/events" className="flex flex-wrap items-end gap-3">
        <SelectField id="ev-type" name="type" label="Type" defaultValue={type ?? ''} anyLabel="Any type" options={types} />
        <TextField id="ev-robot" name="robot" label="Robot id" defaultValue={robotId ?? ''} className="w-48 font-mono text-sm" />
        <TextField
          id="ev-conversation"
          name="conversation"
          label="Conversation id"
          defaultValue={conversationId ?? ''}
          className="w-48 font-mono text-sm"
        />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" name="tests" value="1" defaultChecked={includeTests} /> Include test events
        </label>
        <button type="submit" className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Filter
        </button>
      </Card>
      {problems.length > 0 && (
        <p role="status" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {problems.join(' ')}
        </p>
      )}
      {rows.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={base.size > 0 ? 'No events match these filters' : 'No events received yet'}>
            Events arrive here when the service delivers them to this dashboard&apos;s receiver at <code>/api/webhooks/partner</code>.
          </EmptyState>
        </div>
      ) : (
        <>
          <Table frameClassName="mt-4" data-testid="events-table">
            <TableColumns names={['Received', 'Type', 'Robot', 'Customer', 'Conversation', 'Payload']} />
            <TableBody>
              {rows.map((e) => (
                <TableRow key={e.webhookId} className="align-top" data-testid="event-row">
                  <TableCell className="whitespace-nowrap" data-label="Received">
                    <LocalTime iso={e.receivedAt} />
                  </TableCell>
                  <TableCell data-label="Type">
                    {e.type}
                    {e.isTest && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs">test</span>}
                  </TableCell>
                  <TableCell className="text-xs" data-label="Robot">
                    {e.robotId ? (
                      <Link className="text-brand-700 underline" href={`/robots/${encodeURIComponent(e.robotId)}`}>
                        {names.get(e.robotId) ?? <code className="font-mono">{e.robotId}</code>}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell className="font-mono text-xs" data-label="Customer">
                    {e.externalId ?? '—'}
                  </TableCell>
                  <TableCell className="font-mono text-xs" data-label="Conversation">
                    {e.conversationId ? (
                      <Link
                        className="text-brand-700 underline"
                        href={`/conversations?conversation=${encodeURIComponent(e.conversationId)}`}
                      >
                        {e.conversationId}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell data-label="Payload">
                    <details>
                      <summary className="cursor-pointer text-slate-600">Show</summary>
                      <pre
                        tabIndex={0}
                        role="group"
                        aria-label="Event payload"
                        className="mt-2 max-h-96 w-[min(36rem,80vw)] overflow-auto rounded bg-slate-50 p-2 text-xs break-words whitespace-pre-wrap"
                        data-testid="event-payload"
                      >
                        {prettyJson(e.payload)}
                      </pre>
                    </details>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <PaginationNav page={page} totalPages={pageCount(total, EVENTS_PAGE_SIZE)} hrefFor={hrefFor} label="Event pages" />
        </>
      )}
    </>
  );
}
