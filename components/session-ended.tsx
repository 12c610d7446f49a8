'use client';

import { useEffect, useState } from 'react';

const SESSION_ENDED_EVENT = 'dashboard:session-ended';

/** The login page, coming back to where the person is now (path and query). */
function signInHere(): string {
  return `/login?callbackUrl=${encodeURIComponent(`${window.location.pathname}${window.location.search}`)}`;
}

/**
 * Shown wherever an action or poller found the session ended: a way back in that returns to this
 * page. It also tells the sidebar, which would otherwise keep naming the signed-out user.
 */
export function SignInAgainLink() {
  useEffect(() => {
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  }, []);
  return (
    <a
      href="/login"
      onClick={(event) => {
        event.preventDefault();
        window.location.assign(signInHere());
      }}
      className="mt-2 inline-block rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700"
      data-testid="sign-in-again"
    >
      Sign in again
    </a>
  );
}

/** The sidebar's account block; it switches to "signed out" as soon as any part of the page learns it. */
export function SignedInUser({ name, email, role, children }: { name: string; email: string; role: string; children: React.ReactNode }) {
  const [ended, setEnded] = useState(false);
  const [href, setHref] = useState('/login');
  useEffect(() => {
    const onEnded = () => {
      setHref(signInHere());
      setEnded(true);
    };
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
  }, []);
  if (ended) {
    return (
      <div data-testid="signed-out-note">
        <p className="font-medium">Signed out</p>
        <p className="text-slate-600">Your session ended.</p>
        <a href={href} className="mt-3 inline-block rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-100">
          Sign in again
        </a>
      </div>
    );
  }
  return (
    <div>
      <p className="font-medium" data-testid="current-user">
        {name}
      </p>
      <p className="text-slate-600">
        {email} · <span data-testid="current-role">{role}</span>
      </p>
      {children}
    </div>
  );
}
