import type { Metadata } from 'next';
import Link from 'next/link';
import { LINK_REFUSALS } from '@/app/_errors/link-refusals';
import { lookUpLink } from '@/lib/team/one-time-links';
import { AcceptForm } from './accept-form';

export const metadata: Metadata = { title: 'Join the dashboard', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

/** Public by design: the token in the URL is the credential; an unknown one reveals nothing. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const found = await lookUpLink(token);
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        {found.usable ? (
          <>
            <h1 className="text-xl font-semibold">
              {found.link.kind === 'invite' ? 'Join the Partner Dashboard' : 'Choose a new password'}
            </h1>
            <p className="mt-2 text-sm text-slate-600">
              {found.link.kind === 'invite' ? (
                <>
                  You were invited as <strong>{found.link.role}</strong> with <strong>{found.link.email}</strong> by {found.link.createdBy}.
                </>
              ) : (
                <>
                  For <strong>{found.link.email}</strong>. Your other sessions end when it is saved.
                </>
              )}
            </p>
            <AcceptForm token={token} kind={found.link.kind} />
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold">This link cannot be used</h1>
            <p className="mt-2 text-sm text-slate-600" data-testid="link-unusable">
              {LINK_REFUSALS[found.reason]}
            </p>
            <Link href="/login" className="mt-4 inline-block text-brand-700 underline">
              Go to sign-in
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
