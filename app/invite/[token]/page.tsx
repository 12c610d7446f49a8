import type { Metadata } from 'next';
import Link from 'next/link';
import { usableLink } from '@/lib/team/one-time-links';
import { AcceptForm } from './accept-form';

export const metadata: Metadata = { title: 'Join the dashboard', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

/** Public by design: the token in the URL is the credential; an unusable one reveals nothing. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await usableLink(token);
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        {link ? (
          <>
            <h1 className="text-xl font-semibold">{link.kind === 'invite' ? 'Join the Partner Dashboard' : 'Choose a new password'}</h1>
            <p className="mt-2 text-sm text-slate-600">
              {link.kind === 'invite' ? (
                <>
                  You were invited as <strong>{link.role}</strong> with <strong>{link.email}</strong> by {link.createdBy}.
                </>
              ) : (
                <>
                  For <strong>{link.email}</strong>. Your other sessions end when it is saved.
                </>
              )}
            </p>
            <AcceptForm token={token} kind={link.kind} />
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold">This link cannot be used</h1>
            <p className="mt-2 text-sm text-slate-600" data-testid="link-unusable">
              It was already used, revoked, or is more than 72 hours old. Ask an admin of the dashboard for a new link.
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
