import Link from 'next/link';
import { ResumeHandshakeLink } from '@/components/resume-handshake-link';
import { SignInAgainLink } from '@/components/session-ended';
import type { DisplayError } from './display-error';

/** Every API failure is shown with what to do and the request id support will ask for. */
export function ApiErrorNotice({ error, className = '' }: { error: DisplayError; className?: string }) {
  return (
    <div
      role="alert"
      data-testid="api-error"
      className={`rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 ${className}`}
    >
      <p className="font-semibold">{error.title}</p>
      <p className="mt-1">{error.message}</p>
      {error.sessionEnded && <SignInAgainLink />}
      {(error.link || error.resumeUrl) && (
        <p className="mt-2 flex flex-wrap gap-3">
          {error.link && (
            <Link href={error.link.href} className="font-medium text-red-900 underline">
              {error.link.label}
            </Link>
          )}
          {error.resumeUrl && (
            // Exactly as the API returned it: the consent URL is opaque.
            <ResumeHandshakeLink
              href={error.resumeUrl}
              className="rounded-md bg-amber-700 px-3 py-1.5 font-medium text-white hover:bg-amber-800"
              testId="resume-handshake"
            >
              Resume the open handshake
            </ResumeHandshakeLink>
          )}
        </p>
      )}
      {error.requestId && (
        <p className="mt-2 text-red-800">
          Request id{' '}
          <code className="rounded bg-white/70 px-1 font-mono" data-testid="request-id">
            {error.requestId}
          </code>{' '}
          — quote it to support.
        </p>
      )}
    </div>
  );
}
