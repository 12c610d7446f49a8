import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getSessionUser } from '@/lib/auth/session';
import { safeReturnPath } from '@/lib/auth/safe-return-path';
import { importPendingAdmins } from '@/lib/auth/pending-admins';
import { userCount } from '@/lib/auth/users';
import { LoginForm } from './login-form';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[]; welcome?: string | string[] }>;
}) {
  const { callbackUrl, welcome } = await searchParams;
  const returnPath = safeReturnPath(Array.isArray(callbackUrl) ? callbackUrl[0] : callbackUrl);
  if (await getSessionUser()) redirect(returnPath);
  await importPendingAdmins();
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold">Sign in to Partner Dashboard</h1>
        <p className="mt-1 text-sm text-slate-600">Manage your robots and their channels.</p>
        {(welcome === 'joined' || welcome === 'reset') && (
          <p role="status" className="mt-4 rounded-md bg-green-50 p-3 text-sm text-green-900" data-testid="welcome">
            {welcome === 'joined'
              ? 'Your account is ready. Sign in with your email and the password you chose.'
              : 'Your new password is set. Sign in with it.'}
          </p>
        )}
        {(await userCount()) === 0 ? (
          <div role="status" className="mt-6 rounded-md bg-amber-50 p-4 text-sm text-amber-900" data-testid="no-admin-yet">
            <p className="font-semibold">No one can sign in yet</p>
            <p className="mt-1">
              Create the first admin on the server, in the dashboard&apos;s folder, with{' '}
              <code className="font-mono">npm run admin -- create --email you@example.com</code>, then sign in here.
            </p>
          </div>
        ) : (
          <LoginForm callbackUrl={returnPath} />
        )}
      </div>
    </main>
  );
}
