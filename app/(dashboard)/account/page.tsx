import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { requireSessionUser } from '@/lib/auth/session';
import { PasswordForm } from './password-form';

export const metadata: Metadata = { title: 'Your account' };
export const dynamic = 'force-dynamic';

export default async function AccountPage() {
  const user = await requireSessionUser();
  return (
    <>
      <PageHeader title="Your account" description={`${user.name} · ${user.email} · ${user.role}`} />
      <h2 className="text-lg font-semibold">Change your password</h2>
      <p className="mb-3 text-sm text-slate-600">Your sessions in other browsers end when it is saved; this one stays signed in.</p>
      <PasswordForm />
    </>
  );
}
