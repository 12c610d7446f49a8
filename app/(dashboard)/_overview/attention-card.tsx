import Link from 'next/link';
import type { ReactNode } from 'react';
import { formatCount } from '@/lib/ui/format';
import { Card, CardHeader } from '@/components/ui/card';
import { LocalTime } from '@/components/ui/local-time';
import { canPerform } from '@/lib/auth/permissions';
import { requireSessionUser } from '@/lib/auth/session';
import { serviceAheadMs } from '@/lib/connection/service-clock';
import { attentionItems, SILENCE, type AttentionItem } from '@/lib/overview/attention';
import { ChannelsOffItem } from './channels-off-item';

const REASONS: Record<string, string> = {
  queue_expired: 'dropped after 2 hours in the reply queue',
  outside_window: "sent after the customer's 24-hour window closed",
  conversation_closed: 'sent to a closed conversation',
  platform_refused: 'refused by the platform',
};

/** What needs someone's attention, worst first; empty, it says what is fine. */
export async function AttentionCard() {
  const user = await requireSessionUser();
  const mayChange = canPerform(user.role, 'change');
  const [items, aheadMs] = await Promise.all([attentionItems(), serviceAheadMs()]);
  return (
    <Card as="section" aria-labelledby="overview-attention" data-testid="overview-attention">
      <CardHeader id="overview-attention" title="What needs attention" />
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-emerald-700" data-testid="attention-none">
          Nothing: the service accepts the key, the webhook endpoint is not failing, no channel went off by itself, every reply in the last
          24 h reached its customer, events keep arriving, and no handshake is waiting.
        </p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-200">
          {items.map((item) => (
            <li key={item.kind} className="py-3" data-testid="attention-item" data-kind={item.kind}>
              <Item item={item} mayChange={mayChange} aheadMs={aheadMs} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function Heading({ children, tone = 'bad' }: { children: ReactNode; tone?: 'bad' | 'warn' }) {
  return <p className={`font-medium ${tone === 'bad' ? 'text-red-700' : 'text-amber-800'}`}>{children}</p>;
}

function Item({ item, mayChange, aheadMs }: { item: AttentionItem; mayChange: boolean; aheadMs: number }) {
  switch (item.kind) {
    case 'channels_off':
      return <ChannelsOffItem {...item} mayChange={mayChange} />;
    case 'key_refused':
      return (
        <>
          <Heading>The service refuses the dashboard&apos;s API key</Heading>
          <p className="mt-1 text-sm text-slate-700">
            Every page and background pass fails until it is replaced (refused <LocalTime iso={item.refusal.at} />
            {item.refusal.requestId && <>, request id {item.refusal.requestId}</>}).{' '}
            <Link href="/settings" className="font-medium text-brand-700 underline">
              Replace the key on Settings
            </Link>
            .
          </p>
        </>
      );
    case 'deliveries_failing':
      return (
        <>
          <Heading>Webhook deliveries are failing</Heading>
          <p className="mt-1 text-sm text-slate-700">
            Since <LocalTime iso={item.streak.since} aheadMs={aheadMs} />: {formatCount(item.streak.failedAttempts)} failed attempts
            {item.streak.statusCodes.length > 0 && <> (HTTP {item.streak.statusCodes.join(', ')})</>}; the last answer:{' '}
            {item.streak.lastStatus === null ? 'none' : `HTTP ${item.streak.lastStatus}`}
            {item.streak.lastError && <>, {item.streak.lastError}</>}
            {item.streak.lastBody && <>, “{item.streak.lastBody.slice(0, 120)}”</>}
            {item.sampled && ' — sampled: the watch could not read every delivery'}. Events your systems miss cannot be read back later.{' '}
            <Link href="/webhooks#health" className="font-medium text-brand-700 underline">
              See webhook health
            </Link>
            .
          </p>
        </>
      );
    case 'replies_failed':
      return (
        <>
          <Heading>
            {formatCount(item.total)} {item.total === 1 ? 'customer' : 'customers'} got no answer in the last 24 h
          </Heading>
          <ul className="mt-1 space-y-1 text-sm text-slate-700">
            {item.groups.map((group) => (
              <li key={`${group.robotId}:${group.reason}`}>
                {group.robotName ?? group.robotId}: {formatCount(group.count)} {REASONS[group.reason] ?? group.reason}
                {group.conversations.length > 0 && ' — '}
                {group.conversations.map((id, index) => (
                  <span key={id}>
                    {index > 0 && ', '}
                    <Link href={`/conversations?conversation=${encodeURIComponent(id)}`} className="text-brand-700 underline">
                      {id}
                    </Link>
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </>
      );
    case 'silence':
      return (
        <>
          <Heading tone="warn">No events for {SILENCE.quietMs / 3_600_000} hours where they usually arrive</Heading>
          <ul className="mt-1 space-y-1 text-sm text-slate-700">
            {item.account && (
              <li>
                The whole account: about {formatCount(item.account.hourlyAverage)} an hour over the last 7 days, the last at{' '}
                <LocalTime iso={item.account.lastEventAt} aheadMs={aheadMs} />. Check the webhook URL and{' '}
                <Link href="/webhooks" className="text-brand-700 underline">
                  its deliveries
                </Link>
                .
              </li>
            )}
            {item.robots.map((robot) => (
              <li key={robot.robotId ?? 'account'}>
                <Link href={`/robots/${encodeURIComponent(robot.robotId ?? '')}`} className="text-brand-700 underline">
                  {robot.robotName ?? robot.robotId}
                </Link>
                : about {formatCount(robot.hourlyAverage)} an hour over the last 7 days, the last at{' '}
                <LocalTime iso={robot.lastEventAt} aheadMs={aheadMs} />.
              </li>
            ))}
          </ul>
        </>
      );
    case 'handshakes_pending':
      return (
        <>
          <Heading tone="warn">
            {formatCount(item.total)} social-DM {item.total === 1 ? 'handshake is' : 'handshakes are'} waiting for consent
          </Heading>
          <ul className="mt-1 space-y-1 text-sm text-slate-700">
            {item.handshakes.map((handshake) => (
              <li key={handshake.channelId}>
                <Link href={`/robots/${encodeURIComponent(handshake.robotId)}`} className="text-brand-700 underline">
                  {handshake.robotName ?? handshake.robotId}
                </Link>
                {handshake.expiresAt ? (
                  <>
                    : expires <LocalTime iso={handshake.expiresAt} aheadMs={aheadMs} />
                  </>
                ) : (
                  ': no expiry stated'
                )}
              </li>
            ))}
          </ul>
        </>
      );
  }
}
