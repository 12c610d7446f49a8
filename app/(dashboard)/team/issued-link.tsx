'use client';

import { useState } from 'react';
import { LocalTime } from '@/components/ui/local-time';

/** A one-time link, shown this once: only its hash is kept, so it cannot be shown again. */
export function IssuedLink({ url, email, kind, expiresAt }: { url: string; email: string; kind: 'invite' | 'reset'; expiresAt: number }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-4 text-sm" data-testid="issued-link">
      <p className="font-semibold text-green-900">
        {kind === 'invite' ? `Invitation for ${email}` : `Password reset link for ${email}`} — copy it now
      </p>
      <p className="mt-1 text-green-900">
        It is shown only this once and works once, until <LocalTime iso={new Date(expiresAt).toISOString()} />. Send it to {email} yourself
        (no email is sent).
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <input
          readOnly
          value={url}
          aria-label="One-time link"
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-xs"
        />
        <button
          type="button"
          onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
          className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-100"
        >
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </div>
    </div>
  );
}
