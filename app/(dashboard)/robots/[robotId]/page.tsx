import type { Metadata } from 'next';
import Link from 'next/link';
import { HistorySpanNote } from '@/components/history-span-note';
import { historySpan } from '@/lib/retention/history-span';
import { notFound } from 'next/navigation';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { PageHeader } from '@/components/ui/page-header';
import { channelLabel } from '../channel-badge';
import { requireSessionUser } from '@/lib/auth/session';
import { canPerform } from '@/lib/auth/permissions';
import { channelSnapshots, knownCapacity, latestHandshake } from '@/lib/channels/memory';
import { activeChannelCount, directorySize, directoryStatus } from '@/lib/robots/directory';
import { loadRobot } from '@/lib/robots/robots';
import { SAFE_ID } from '@/lib/ui/search-params';
import { DirectoryFreshness } from '../directory-freshness';
import { toDisplayError } from '@/app/_errors/display-error';
import { CONNECTABLE_CHANNEL_TYPES } from '@/contract/vocabulary';
import { Card, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableColumns, TableHead, TableRow } from '@/components/ui/table';
import { CapacityMeter } from './capacity-meter';
import { ChannelToggle } from './channel-toggle';
import { ConnectBotForm } from './connect-bot-form';
import { PendingHandshake } from './pending-handshake';
import { StartSocialDm } from './start-social-dm';
import { LocalTime } from '@/components/ui/local-time';
import { NotInDirectoryYet } from './not-in-directory-yet';

export const metadata: Metadata = { title: 'Robot' };

function handshakeStillOpen(expiresAt: string | null): boolean {
  return !expiresAt || Date.parse(expiresAt) > Date.now();
}

export default async function RobotPage({ params }: { params: Promise<{ robotId: string }> }) {
  const user = await requireSessionUser();
  const { robotId } = await params;
  if (!SAFE_ID.test(robotId)) notFound();
  const loaded = await loadRobot(robotId, { waitForSweep: true });
  if (!loaded.ok)
    return (
      <>
        <PageHeader title="Robot" />
        <ApiErrorNotice error={toDisplayError(loaded.error)} />
      </>
    );
  const robot = loaded.data;
  if (!robot && loaded.budgetSpent) {
    // Not in the directory yet, and no call may be made to look: say so rather than claim it does not exist.
    return (
      <>
        <PageHeader title="Robot" />
        <ApiErrorNotice
          error={{
            ...toDisplayError(loaded.budgetSpent),
            message: `This robot is not in the dashboard's robot directory yet, and the dashboard's share of the API budget is spent, so it cannot look now. Try again in ${loaded.budgetSpent.retryInSeconds} s.`,
          }}
        />
      </>
    );
  }
  if (!robot) {
    // "No such robot" only once a complete directory lacks it; before that it may simply not be read yet.
    const status = await directoryStatus();
    if (!status.complete) return <NotInDirectoryYet status={status} read={await directorySize()} />;
    notFound();
  }
  const mayChange = canPerform(user.role, 'change');
  const snapshots = await channelSnapshots(robotId);
  const channels = robot.channels ?? [];
  const handshake = await latestHandshake(robotId);
  const hasType = (type: string) => channels.some((c) => c.type === type);
  const pendingHandshake = handshake && !hasType('social_dm') ? handshake : undefined;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/robots" className="text-brand-700 underline">
          Robots
        </Link>{' '}
        / {robot.name}
      </nav>
      <PageHeader
        title={robot.name}
        description={
          <>
            {robot.externalId ? (
              <>
                Customer <code className="font-mono">{robot.externalId}</code> ·{' '}
              </>
            ) : null}
            Created {<LocalTime iso={robot.createdAt} />} · <code className="font-mono text-xs">{robotId}</code>
          </>
        }
      />
      {loaded.budgetSpent && (
        <DirectoryFreshness
          checkedAt={robot.readAt}
          sweptAt={(await directoryStatus()).sweptAt}
          budgetSpent={loaded.budgetSpent}
          mayRefresh={false}
        />
      )}
      <nav aria-label="About this robot" className="mb-4 flex flex-wrap gap-2 text-sm" data-testid="robot-links">
        {[
          ['Usage', `/usage?robot=${encodeURIComponent(robotId)}`],
          ['Conversations', `/conversations?robot=${encodeURIComponent(robotId)}`],
          ['Events received', `/webhooks/events?robot=${encodeURIComponent(robotId)}`],
        ].map(([label, href]) => (
          <Link
            key={label}
            href={href ?? '#'}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-brand-700 hover:bg-slate-100"
          >
            {label}
          </Link>
        ))}
      </nav>
      <HistorySpanNote span={await historySpan(robotId)} mayChange={mayChange} />
      <CapacityMeter occupied={await activeChannelCount()} hint={await knownCapacity()} />

      <section aria-labelledby="channels-heading" className="mt-6">
        <h2 id="channels-heading" className="text-lg font-semibold">
          Channels
        </h2>
        {channels.length === 0 ? (
          !pendingHandshake && <p className="mt-2 text-sm text-slate-600">No channels yet. Connect one below.</p>
        ) : (
          <Table frameClassName="mt-3">
            <TableColumns density="roomy" names={['Type', 'Handle', 'State', 'Connected since', 'Receives traffic']} />
            <TableBody>
              {channels.map((channel, i) => {
                const snap = channel.id ? snapshots.get(channel.id) : undefined;
                const panelOnly = !CONNECTABLE_CHANNEL_TYPES.some((t) => t === channel.type);
                return (
                  <TableRow key={channel.id ?? i} data-testid="channel-row" data-channel-type={channel.type ?? ''}>
                    <TableHead scope="row" density="roomy" data-label="Type">
                      {channelLabel(channel.type ?? undefined)}
                      {panelOnly && (
                        <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600">
                          connected in the panel
                        </span>
                      )}
                    </TableHead>
                    <TableCell density="roomy" className="font-mono" data-label="Handle">
                      {snap?.username ?? <span className="font-sans text-slate-500">unknown</span>}
                    </TableCell>
                    <TableCell density="roomy" data-testid="channel-state" data-label="State">
                      {channel.is_active === true ? 'Active' : channel.is_active === false ? 'Inactive' : 'Unknown'}
                    </TableCell>
                    <TableCell density="roomy" data-label="Connected since">
                      <LocalTime iso={snap?.connectedAt} />
                    </TableCell>
                    <TableCell density="roomy" data-label="Receives traffic">
                      {channel.id && typeof channel.is_active === 'boolean' ? (
                        <ChannelToggle
                          robotId={robotId}
                          channelId={channel.id}
                          label={channelLabel(channel.type ?? undefined)}
                          isActive={channel.is_active}
                          allowed={mayChange}
                        />
                      ) : (
                        <span className="text-slate-500">unknown</span>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {pendingHandshake && (
          <PendingHandshake
            handshake={{ authorisationUrl: pendingHandshake.authorisationUrl, expiresAt: pendingHandshake.expiresAt }}
            robotId={robotId}
            allowed={mayChange}
          />
        )}
      </section>

      <section aria-labelledby="connect-heading" className="mt-8 grid gap-6 lg:grid-cols-2">
        <h2 id="connect-heading" className="sr-only">
          Connect a channel
        </h2>
        <Card>
          <CardTitle as="h3" size="md">
            Messenger bot
          </CardTitle>
          {hasType('messenger_bot') ? (
            <p className="mt-2 text-sm text-slate-600">This robot already has a messenger bot. A robot holds one channel per type.</p>
          ) : mayChange ? (
            <ConnectBotForm robotId={robotId} />
          ) : (
            <p className="mt-2 text-sm text-slate-600">Only an admin can connect channels.</p>
          )}
        </Card>
        <Card>
          <CardTitle as="h3" size="md">
            Social DM
          </CardTitle>
          {hasType('social_dm') ? (
            <p className="mt-2 text-sm text-slate-600">This robot already has a social-DM channel.</p>
          ) : pendingHandshake && handshakeStillOpen(pendingHandshake.expiresAt) ? (
            <p className="mt-2 text-sm text-slate-600">A handshake is waiting for the page owner (see above).</p>
          ) : mayChange ? (
            <StartSocialDm robotId={robotId} />
          ) : (
            <p className="mt-2 text-sm text-slate-600">Only an admin can connect channels.</p>
          )}
        </Card>
        <p className="text-sm text-slate-600 lg:col-span-2">
          Other channel types (website widget, chat vendors, chat app) are connected in the partner panel; they appear above with their
          state once connected.
        </p>
      </section>
    </>
  );
}
