import { Card, CardHeader } from '@/components/ui/card';
import { LocalTime } from '@/components/ui/local-time';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@/components/ui/table';
import { OTHER_SOURCE, refusalsByHour, SOURCES_PER_HOUR } from '@/lib/inbound-events/refusal-counts';
import { formatCount } from '@/lib/ui/format';
import type { ReceiverVerdict } from '@/lib/webhook-health/our-receiver';

/** The receiver's error codes as a person reads them; an unknown code is shown as it is. */
const REASON_WORDS: Readonly<Record<string, string>> = {
  unauthorised: 'wrong or missing X-Webhook-Token (401)',
  invalid_signature: 'signature did not verify (401)',
  too_large: 'body too large (413)',
  invalid_event: 'signed, but not an event (422)',
  webhook_receiver_not_configured: 'receiver not configured (503)',
};

const reasonWords = (reason: string): string => REASON_WORDS[reason] ?? reason;
const sourceWords = (source: string): string =>
  source === OTHER_SOURCE ? `other addresses (past ${SOURCES_PER_HOUR} in the hour)` : source;

/**
 * What our receiver refused in the last 24 hours, beside the deliveries the service reports: counted
 * per hour, reason and source address, never a row per request (anyone may post to the receiver).
 * Only shown when the deliveries go to our receiver; otherwise its refusals say nothing about them.
 */
export async function ReceiverRefusals({ receiver }: { receiver: ReceiverVerdict }) {
  if (receiver !== 'ours') {
    return (
      <p className="text-sm text-slate-600" data-testid="receiver-refusals-not-ours">
        {receiver === 'elsewhere'
          ? "The configured webhook endpoint is not this dashboard's receiver, so what it refuses is not seen here."
          : "No delivery attempt yet tells whether the configured webhook endpoint is this dashboard's receiver, so its refusals are not shown."}
      </p>
    );
  }
  const refusals = await refusalsByHour(new Date());
  return (
    <Card data-testid="receiver-refusals">
      <CardHeader
        title="What our receiver refused"
        size="md"
        description="Requests to our receiver it answered with an error in the last 24 hours (by the dashboard's clock), per hour, reason and source address."
      />
      {refusals.rows.length === 0 ? (
        <p className="mt-2 text-sm text-emerald-700" data-testid="receiver-refusals-none">
          Our receiver refused nothing in the last 24 h.
        </p>
      ) : (
        <>
          <ul className="mt-2 space-y-1 text-sm" data-testid="receiver-refusal-totals">
            {refusals.totals.map((total) => (
              <li key={total.reason}>
                {reasonWords(total.reason)}: {formatCount(total.count)} {total.count === 1 ? 'request' : 'requests'}
              </li>
            ))}
          </ul>
          <Table frameClassName="mt-3" data-testid="receiver-refusal-rows">
            <TableColumns names={['Hour starting', 'Reason', 'Source', 'Requests']} />
            <TableBody>
              {refusals.rows.map((row) => (
                <TableRow key={`${row.hour}:${row.reason}:${row.source}`}>
                  <TableCell data-label="Hour starting">
                    <LocalTime iso={new Date(row.hour).toISOString()} />
                  </TableCell>
                  <TableCell data-label="Reason">{reasonWords(row.reason)}</TableCell>
                  <TableCell data-label="Source" className="font-mono text-xs break-all">
                    {sourceWords(row.source)}
                  </TableCell>
                  <TableCell data-label="Requests" numeric>
                    {formatCount(row.count)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Card>
  );
}
