import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getSessionUser } from '@/lib/auth/session';
import { safeReturnPath } from '@/lib/auth/safe-return-path';
import { LoginForm } from './login-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const { callbackUrl } = await searchParams;
  const returnPath = safeReturnPath(Array.isArray(callbackUrl) ? callbackUrl[0] : callbackUrl);
  if (await getSessionUser()) redirect(returnPath);
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold">Sign in to Partner Dashboard</h1>
        <p className="mt-1 text-sm text-slate-600">Manage your robots and their channels.</p>
        <LoginForm callbackUrl={returnPath} />
      </div>
    </main>
  );
}
