import type { Metadata } from 'next';
import Link from 'next/link';
import { Card, CardHeader } from '@/components/ui/card';
import { LocalTime } from '@/components/ui/local-time';
import { PageHeader } from '@/components/ui/page-header';
import type { IncidentFacts } from '@/lib/alerts/incident-facts';
import { factsOf, incidentStateLabel, listIncidents } from '@/lib/alerts/incidents';
import { currentAndComingMutes } from '@/lib/alerts/mutes';
import { heldAlerts } from '@/lib/alerts/sends';
import { canPerform } from '@/lib/auth/permissions';
import { requireSessionUser } from '@/lib/auth/session';
import { AcknowledgeButton, AddMuteForm, EndMuteButton } from './alert-forms';

export const metadata: Metadata = { title: 'Alerts' };
export const dynamic = 'force-dynamic';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const STATE_TONE = { open: 'text-red-700', acknowledged: 'text-amber-800', resolved: 'text-emerald-700' } as const;

function Affected({ facts }: { facts: IncidentFacts }) {
  const more = (total: number, shown: number) => (total > shown ? ` and ${(total - shown).toLocaleString('en-GB')} more` : '');
  return (
    <>
      {facts.statusCodes.length > 0 && <p>Status codes: {facts.statusCodes.map((c) => `HTTP ${c}`).join(', ')}</p>}
      {facts.reason && <p>Reason: {facts.reason}</p>}
      {facts.robots.length > 0 && (
        <p>
          Robots: {facts.robots.map((r) => r.name ?? r.id).join(', ')}
          {more(facts.robotsTotal, facts.robots.length)}
        </p>
      )}
      {facts.customers.length > 0 && (
        <p>
          Customers: {facts.customers.join(', ')}
          {more(facts.customersTotal, facts.customers.length)}
        </p>
      )}
    </>
  );
}

/** Incidents with their history, acknowledging, and maintenance mutes with the alerts they hold. */
export default async function AlertsPage() {
  const user = await requireSessionUser();
  const mayChange = canPerform(user.role, 'change');
  const [incidents, mutes, held] = await Promise.all([listIncidents(), currentAndComingMutes(), heldAlerts()]);
  return (
    <>
      <PageHeader
        title="Alerts"
        description="What the overview found wrong, as incidents: when each opened, changed, was acknowledged and resolved, and the alerts sent. Destinations are set on Settings."
      />
      <section aria-labelledby="incidents-heading">
        <h2 id="incidents-heading" className="text-lg font-semibold">
          Incidents
        </h2>
        {incidents.length === 0 ? (
          <p className="mt-2 text-sm text-emerald-700" data-testid="no-incidents">
            None in the last 30 days.{' '}
            <Link href="/settings#alert-destinations-heading" className="text-brand-700 underline">
              Alert destinations
            </Link>{' '}
            say who hears of the next one.
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {incidents.map((incident) => {
              const facts = factsOf(incident);
              const title = facts?.title ?? incident.key;
              return (
                <li key={incident.id} data-testid="incident" data-state={incident.state} data-kind={incident.kind}>
                  <Card>
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-medium">
                          <span className={STATE_TONE[incident.state]}>{incidentStateLabel[incident.state]}</span>: {title}
                        </p>
                        <div className="mt-1 space-y-0.5 text-sm text-slate-700">
                          <p>
                            Opened <LocalTime iso={iso(incident.openedAt)} />
                            {facts?.since && (
                              <>
                                ; trouble since <LocalTime iso={facts.since} />
                              </>
                            )}
                            {incident.resolvedAt && (
                              <>
                                ; resolved <LocalTime iso={iso(incident.resolvedAt)} />
                              </>
                            )}
                          </p>
                          {facts && <Affected facts={facts} />}
                          {facts && (
                            <p>
                              <Link href={facts.path} className="text-brand-700 underline">
                                Where it is fixed
                              </Link>
                            </p>
                          )}
                        </div>
                      </div>
                      {mayChange && incident.state === 'open' && <AcknowledgeButton id={incident.id} title={title} />}
                    </div>
                    <details className="mt-2 text-sm">
                      <summary className="cursor-pointer text-brand-700">History ({incident.history.length})</summary>
                      <ol className="mt-1 space-y-0.5 text-slate-700" data-testid="incident-history">
                        {incident.history.map((event) => (
                          <li key={event.id}>
                            <LocalTime iso={iso(event.at)} />: {event.what}
                            {event.actor !== 'system' && ` by ${event.actor}`}
                            {event.detail && ` — ${event.detail}`}
                          </li>
                        ))}
                      </ol>
                    </details>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <Card as="section" padding="lg" aria-labelledby="mutes-heading" className="mt-8" data-testid="alert-mutes">
        <CardHeader
          id="mutes-heading"
          title="Maintenance mutes"
          description="While a mute lasts, alerts for the whole account, or for incidents whose robots are all muted, are held: listed here, not sent."
        />
        {mutes.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">No mute now.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {mutes.map((mute) => {
              const what = mute.robotId ? `robot ${mute.robotId}` : 'the whole account';
              return (
                <li key={mute.id} className="flex flex-wrap items-start justify-between gap-3 py-2 text-sm" data-testid="alert-mute">
                  <p>
                    {what}: {mute.reason}, until <LocalTime iso={iso(mute.endsAt)} /> (by {mute.createdBy})
                  </p>
                  {mayChange && <EndMuteButton id={mute.id} what={what} />}
                </li>
              );
            })}
          </ul>
        )}
        {mayChange ? <AddMuteForm /> : <p className="mt-3 text-sm text-slate-600">Only an admin can mute alerts.</p>}
        <h3 className="mt-6 font-medium">Held alerts ({held.length})</h3>
        {held.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">None held.</p>
        ) : (
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700" data-testid="held-alerts">
            {held.map((send) => {
              const message = JSON.parse(send.payload) as { title?: string };
              return (
                <li key={send.id}>
                  <LocalTime iso={iso(send.createdAt)} />: {send.occasion} — {message.title ?? `incident ${send.incidentId}`}
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </>
  );
}
