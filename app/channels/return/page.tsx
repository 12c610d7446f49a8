import type { Metadata } from 'next';
import Link from 'next/link';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { toDisplayError } from '@/app/_errors/display-error';
import { getSessionUser } from '@/lib/auth/session';
import { confirmHandshakeOutcome, returnQuerySchema, type HandshakeOutcome } from '@/lib/channels/handshake-outcome';
import { type SearchParams, firstParam } from '@/lib/ui/search-params';

export const metadata: Metadata = { title: 'Social DM connection' };

/** The consent screen's word for the outcome, as the page repeats it (never confirmed by it). */
const CLAIMS = { connected: 'connected', disabled: 'connected, switched off', denied: 'denied', expired: 'expired' } as const;

function describe(
  outcome: Exclude<HandshakeOutcome, { kind: 'error' } | { kind: 'robot_missing' }>,
  signedIn: boolean,
): { tone: 'good' | 'warn' | 'bad'; title: string; body: string } {
  const robot = signedIn && 'robotName' in outcome && outcome.robotName ? ` on “${outcome.robotName}”` : '';
  switch (outcome.kind) {
    case 'connected':
      return { tone: 'good', title: 'Social DM connected', body: `The channel${robot} is live and receives messages now.` };
    case 'inactive':
      return {
        tone: 'warn',
        title: 'Connected, but not active yet',
        body: `The page owner approved, but every channel slot of the plan was in use, so the channel${robot} is connected and switched off. Enable it on the robot's page once a slot frees (disable another channel or delete a robot).`,
      };
    case 'denied':
      return {
        tone: 'bad',
        title: 'Access was denied',
        body: `The page owner declined, so nothing was connected${robot}. Start again from the robot's page if this was a mistake.`,
      };
    case 'expired':
      return outcome.lapsed
        ? {
            tone: 'bad',
            title: 'The link expired',
            body: `This handshake${robot} is past its expiry, so this page no longer checks it. If the page owner approved in time, the channel is on the robot's page; otherwise start a new handshake there.`,
          }
        : {
            tone: 'bad',
            title: 'The link expired',
            body: `The handshake ran out of time before it was finished${robot}. Start a new one from the robot's page.`,
          };
    case 'unchecked':
      return {
        tone: 'warn',
        title: 'Sign in to see the result',
        body: `${outcome.claimed ? `The link says “${CLAIMS[outcome.claimed]}”. ` : ''}The dashboard checks what really happened with the service only for signed-in staff, so nothing is confirmed here.`,
      };
    case 'unconfirmed':
      return {
        tone: 'warn',
        title: 'We could not confirm the connection',
        body: `This dashboard cannot confirm this channel${robot}${outcome.claimed ? ` although the link says “${CLAIMS[outcome.claimed]}”` : ''}: it did not start this handshake, or the service does not list the channel (denied or removed). Check the robot's page.`,
      };
  }
}

const TONES = {
  good: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warn: 'border-amber-200 bg-amber-50 text-amber-900',
  bad: 'border-red-200 bg-red-50 text-red-900',
} as const;

export default async function ChannelReturnPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const raw = await searchParams;
  const here = `/channels/return?${new URLSearchParams(Object.entries(raw).flatMap(([k, v]) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, x])))).toString()}`;
  const user = await getSessionUser();
  const query = returnQuerySchema.safeParse({
    robot_id: firstParam(raw.robot_id),
    channel_id: firstParam(raw.channel_id),
    status: firstParam(raw.status),
  });

  let content: React.ReactNode;
  if (!query.success) {
    content = (
      <div role="alert" className={`rounded-lg border p-5 ${TONES.bad}`}>
        <h1 className="text-xl font-semibold">This link is incomplete</h1>
        <p className="mt-2 text-sm">
          It should carry the robot, the channel and the result of the approval. Open the robot&apos;s page to see its channels.
        </p>
      </div>
    );
  } else {
    const outcome = await confirmHandshakeOutcome(query.data, {
      readBackChannel: user?.role === 'admin',
      anonymous: !user,
      actor: user?.email,
    });
    if (outcome.kind === 'error') {
      content = (
        <>
          <h1 className="mb-3 text-xl font-semibold">We could not check the connection</h1>
          <ApiErrorNotice error={toDisplayError(outcome.error)} />
        </>
      );
    } else if (outcome.kind === 'robot_missing') {
      content = (
        <div role="alert" className={`rounded-lg border p-5 ${TONES.bad}`}>
          <h1 className="text-xl font-semibold">Robot not found</h1>
          <p className="mt-2 text-sm">
            This robot does not exist on the account (it may have been deleted), so nothing was connected to it.
          </p>
        </div>
      );
    } else {
      const text = describe(outcome, Boolean(user));
      content = (
        <div role="status" data-testid="return-outcome" data-outcome={outcome.kind} className={`rounded-lg border p-5 ${TONES[text.tone]}`}>
          <h1 className="text-xl font-semibold">{text.title}</h1>
          <p className="mt-2 text-sm">{text.body}</p>
        </div>
      );
    }
  }

  return (
    <main className="mx-auto max-w-xl p-6 md:p-12">
      <p className="mb-6 text-lg font-semibold text-brand-700">Partner Dashboard</p>
      {content}
      <div className="mt-6 text-sm">
        {user ? (
          query.success ? (
            <Link
              href={`/robots/${encodeURIComponent(query.data.robot_id)}`}
              className="rounded-md bg-brand-600 px-3 py-2 font-medium text-white hover:bg-brand-700"
            >
              Back to the robot
            </Link>
          ) : (
            <Link href="/robots" className="rounded-md bg-brand-600 px-3 py-2 font-medium text-white hover:bg-brand-700">
              Go to robots
            </Link>
          )
        ) : (
          <p>
            To manage this robot,{' '}
            <Link href={`/login?callbackUrl=${encodeURIComponent(here)}`} className="font-medium text-brand-700 underline">
              sign in
            </Link>{' '}
            and you will come back here. If you are the page owner, you can close this window.
          </p>
        )}
      </div>
    </main>
  );
}
