'use client';

import { useEffect, useState } from 'react';
import { ResumeHandshakeLink } from '@/components/resume-handshake-link';
import { StartSocialDm } from './start-social-dm';

function remaining(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  return Number.isNaN(end) ? null : Math.max(0, Math.floor((end - now) / 1000));
}

function mmss(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A social-DM handshake we started and the page owner has not finished: resume it or, once expired, restart. */
export function PendingHandshake({
  handshake,
  robotId,
  allowed,
}: {
  handshake: { authorisationUrl: string; expiresAt: string | null };
  robotId: string;
  allowed: boolean;
}) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    // The clock starts after hydration so the server's and the browser's first render agree.
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  const left = now === null ? null : remaining(handshake.expiresAt, now);
  const expired = left === 0;

  return (
    <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm" data-testid="pending-handshake">
      <p className="font-semibold text-amber-900">Social DM — {expired ? 'handshake expired' : 'waiting for the page owner’s approval'}</p>
      {expired ? (
        <>
          <p className="mt-1 text-amber-900">The page owner did not finish in time. Start a new handshake to get a fresh link.</p>
          {allowed && <StartSocialDm robotId={robotId} />}
        </>
      ) : (
        <>
          <p className="mt-1 text-amber-900">
            No channel slot is held while it waits.{' '}
            {left !== null ? (
              <span>
                Expires in{' '}
                <span data-testid="handshake-countdown" className="font-mono" role="timer" aria-live="off">
                  {mmss(left)}
                </span>
                {handshake.expiresAt ? ` (at ${new Date(handshake.expiresAt).toISOString().slice(11, 16)} UTC)` : ''}.
              </span>
            ) : handshake.expiresAt ? null : (
              'Its expiry is unknown.'
            )}
          </p>
          {allowed && (
            <ResumeHandshakeLink
              href={handshake.authorisationUrl}
              className="mt-3 inline-block rounded-md bg-amber-700 px-3 py-1.5 font-medium text-white hover:bg-amber-800"
            >
              Resume on the social platform
            </ResumeHandshakeLink>
          )}
        </>
      )}
    </div>
  );
}
