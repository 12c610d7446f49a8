import { Suspense } from 'react';
import { requireSessionUser } from '@/lib/auth/session';
import { IntentLink } from '@/components/intent-link';
import { NavLinks } from '@/components/nav-links';
import { QueryProvider } from '@/components/query-provider';
import { SignedInUser } from '@/components/session-ended';
import { WebhookBannerSlot } from './_health/webhook-banner-slot';
import { signOutAction } from './sign-out-action';

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireSessionUser();
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <aside className="border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="px-5 py-4">
          <IntentLink href="/" className="text-lg font-semibold text-brand-700">
            Partner Dashboard
          </IntentLink>
        </div>
        <NavLinks isAdmin={user.role === 'admin'} />
        <div className="border-t border-slate-200 px-5 py-4 text-sm">
          <SignedInUser name={user.name} email={user.email} role={user.role}>
            <form action={signOutAction} className="mt-3">
              <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-100">
                Sign out
              </button>
            </form>
          </SignedInUser>
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1 p-6 md:p-10">
        <QueryProvider>
          <Suspense fallback={null}>
            <WebhookBannerSlot />
          </Suspense>
          {children}
        </QueryProvider>
      </main>
    </div>
  );
}
