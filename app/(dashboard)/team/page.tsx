import type { Metadata } from 'next';
import { AdminsOnly } from '@/components/ui/admins-only';
import { Card } from '@/components/ui/card';
import { LocalTime } from '@/components/ui/local-time';
import { PageHeader } from '@/components/ui/page-header';
import { requireSessionUser } from '@/lib/auth/session';
import { openLinks } from '@/lib/team/one-time-links';
import { listPeople } from '@/lib/team/people';
import { InviteForm } from './invite-form';
import { PersonControls } from './person-controls';
import { RevokeLinkButton } from './revoke-link-button';

export const metadata: Metadata = { title: 'Team' };
export const dynamic = 'force-dynamic';

export default async function TeamPage() {
  const user = await requireSessionUser();
  if (user.role !== 'admin')
    return (
      <>
        <PageHeader title="Team" />
        <AdminsOnly what="the team" />
      </>
    );
  const [people, links] = await Promise.all([listPeople(), openLinks()]);
  return (
    <>
      <PageHeader
        title="Team"
        description="The people who use this dashboard. Admins change things; viewers see everything and change nothing. A role change or a disable applies at the person's next click."
      />
      <InviteForm />
      <section aria-labelledby="people-heading" className="mt-8">
        <h2 id="people-heading" className="text-lg font-semibold">
          People ({people.length})
        </h2>
        <Card as="ul" padding="none" className="mt-3 divide-y divide-slate-200">
          {people.map((p) => (
            <li key={p.email} className="flex flex-wrap items-start justify-between gap-4 p-4" data-testid="team-person">
              <div className="min-w-0 break-words">
                <p className="font-medium">
                  {p.name} {p.email === user.email && <span className="text-sm font-normal text-slate-500">(you)</span>}
                </p>
                <p className="text-sm text-slate-600">{p.email}</p>
                <p className="mt-1 text-sm">
                  <span className="rounded bg-slate-100 px-2 py-0.5 font-medium" data-testid="person-role">
                    {p.role}
                  </span>{' '}
                  {p.disabledAt ? (
                    <span className="rounded bg-red-100 px-2 py-0.5 font-medium text-red-800" data-testid="person-status">
                      disabled
                    </span>
                  ) : (
                    <span className="rounded bg-green-100 px-2 py-0.5 font-medium text-green-800" data-testid="person-status">
                      active
                    </span>
                  )}
                </p>
              </div>
              <PersonControls email={p.email} name={p.name} role={p.role} disabled={p.disabledAt !== null} />
            </li>
          ))}
        </Card>
      </section>
      <section aria-labelledby="links-heading" className="mt-8">
        <h2 id="links-heading" className="text-lg font-semibold">
          Open links ({links.length})
        </h2>
        {links.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No invitation or reset link is waiting to be used.</p>
        ) : (
          <Card as="ul" padding="none" className="mt-3 divide-y divide-slate-200 text-sm">
            {links.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="open-link">
                <div className="min-w-0">
                  <p className="font-medium break-words">{l.email}</p>
                  <p className="text-slate-600">
                    {l.kind === 'invite' ? `Invitation as ${l.role}` : 'Password reset'} · made by {l.createdBy} · expires{' '}
                    <LocalTime iso={new Date(l.expiresAt).toISOString()} />
                  </p>
                </div>
                <RevokeLinkButton id={l.id} email={l.email} />
              </li>
            ))}
          </Card>
        )}
      </section>
    </>
  );
}
