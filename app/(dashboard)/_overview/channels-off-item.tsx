import Link from 'next/link';
import { LocalTime } from '@/components/ui/local-time';
import type { ReenableRun } from '@/lib/channels/reenable-job';
import type { ChannelOffCause } from '@/lib/db/schema';
import type { WentOffGroup } from '@/lib/robots/went-off-view';
import { formatCount } from '@/lib/ui/format';
import { ReenableButton, RefreshWhileRunning } from './reenable-button';

const CAUSES: Record<ChannelOffCause, { title: string; inferred: string; fix: string }> = {
  plan_lapsed: {
    title: 'Plan lapsed',
    inferred: 'the cause is inferred: every channel of the account went off at once, which only a lapse does',
    fix: "Renew the plan in the service's account panel, then turn them back on here: renewing alone leaves every channel off.",
  },
  role_missing: {
    title: 'Social-DM role missing',
    inferred: 'the cause is inferred',
    fix: 'Ask the service to grant the social_dm role on the account, then turn them back on here.',
  },
  unknown: {
    title: 'Turned off outside this dashboard',
    inferred: 'the cause is unknown: not through this dashboard, and not every channel at once',
    fix: 'Your own integration or the service turned them off. Turn them back on here if that was a mistake.',
  },
};

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** Channels that went off without anyone here: one entry per cause, with a bulk re-enable. */
export function ChannelsOffItem({
  groups,
  run,
  running,
  callsPerMinute,
  mayChange,
}: {
  groups: WentOffGroup[];
  run: ReenableRun | null;
  running: boolean;
  callsPerMinute: number;
  mayChange: boolean;
}) {
  return (
    <div className="space-y-3">
      {running && <RefreshWhileRunning />}
      {groups.map((group) => {
        const cause = CAUSES[group.cause];
        const minutes = Math.max(1, Math.ceil(group.channels / Math.max(1, callsPerMinute)));
        const ownRun = run?.cause === group.cause ? run : null;
        return (
          <div key={group.cause} data-testid="channels-off-group" data-cause={group.cause}>
            <p className="font-medium text-red-700">
              {cause.title}: {plural(group.channels, 'channel', 'channels')} off across {plural(group.robots, 'robot', 'robots')}
            </p>
            <p className="mt-1 text-sm text-slate-700">
              Seen off since <LocalTime iso={group.since} />;{' '}
              {group.confirmedAt ? (
                <>
                  the cause was confirmed by the service&apos;s refusal at <LocalTime iso={group.confirmedAt} />
                </>
              ) : (
                cause.inferred
              )}
              . Their customers get no answer. {cause.fix}
            </p>
            <ul className="mt-1 space-y-0.5 text-sm text-slate-700" aria-label={`First channels off: ${cause.title}`}>
              {group.first.map((channel) => (
                <li key={channel.channelId}>
                  <Link href={`/robots/${encodeURIComponent(channel.robotId)}`} className="text-brand-700 underline">
                    {channel.robotName ?? channel.robotId}
                  </Link>{' '}
                  ({channel.type})
                </li>
              ))}
              {group.channels > group.first.length && <li>and {formatCount(group.channels - group.first.length)} more</li>}
            </ul>
            {ownRun && <RunProgress run={ownRun} running={running} callsPerMinute={callsPerMinute} />}
            {!(running && ownRun) &&
              (mayChange ? (
                <>
                  <ReenableButton cause={group.cause} label={`Turn ${plural(group.channels, 'channel', 'channels')} back on`} />
                  <p className="mt-1 text-xs text-slate-600">
                    In the background, in the order above, on the background half of the call share ({formatCount(callsPerMinute)} calls a
                    minute: about {plural(minutes, 'minute', 'minutes')}); it stops at the plan&apos;s capacity and says where.
                  </p>
                </>
              ) : (
                <p className="mt-1 text-xs text-slate-600">Only an admin can turn them back on.</p>
              ))}
          </div>
        );
      })}
    </div>
  );
}

function RunProgress({ run, running, callsPerMinute }: { run: ReenableRun; running: boolean; callsPerMinute: number }) {
  const left = Math.max(0, run.total - run.enabled - run.skipped);
  const text = running
    ? `Turning them back on: ${formatCount(run.enabled)} of ${formatCount(run.total)} on so far, about ${plural(Math.max(1, Math.ceil(left / Math.max(1, callsPerMinute))), 'minute', 'minutes')} left (started by ${run.startedBy}).`
    : run.state === 'running'
      ? `A run started by ${run.startedBy} stopped answering after ${formatCount(run.enabled)} of ${formatCount(run.total)} (its instance went away); start it again.`
      : run.stop
        ? `The last run turned ${formatCount(run.enabled)} of ${formatCount(run.total)} back on and stopped: ${run.stop.message}`
        : `The last run turned ${formatCount(run.enabled)} of ${formatCount(run.total)} back on.`;
  return (
    <div className="mt-2 rounded-md bg-slate-50 p-2 text-sm text-slate-800" role="status" data-testid="reenable-progress">
      {running && <progress className="mb-1 block h-2 w-full" max={run.total} value={run.enabled} aria-label="Channels turned back on" />}
      <p>{text}</p>
      {run.stop?.reason === 'capacity' && (
        <p data-testid="reenable-stopped-at">
          {run.stop.occupied !== null && run.stop.capacity !== null && (
            <>
              {formatCount(run.stop.occupied)} of {formatCount(run.stop.capacity)} slots in use.{' '}
            </>
          )}
          Stopped at {run.stop.next ? `${run.stop.next.robotName ?? run.stop.next.robotId} (${run.stop.next.type})` : 'the next channel'}:
          free a slot or raise the plan&apos;s capacity, then start again.
          {run.stop.requestId && <> Request id {run.stop.requestId}.</>}
        </p>
      )}
      {run.stop && run.stop.reason !== 'capacity' && run.stop.requestId && <p>Request id {run.stop.requestId}.</p>}
    </div>
  );
}
