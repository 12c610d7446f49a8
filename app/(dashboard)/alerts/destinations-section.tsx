import { Card, CardHeader } from '@/components/ui/card';
import { LocalTime } from '@/components/ui/local-time';
import { listDestinations } from '@/lib/alerts/destinations';
import { smtpShown } from '@/lib/alerts/smtp-settings';
import { SMTP_SECURITY_WORDS } from '@/lib/alerts/smtp-words';
import { AddDestinationForm, DestinationControls } from './destination-forms';
import { SmtpForm } from './smtp-form';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Where alerts go (on Settings): each destination, whether it takes them, a test send; admins add and remove. */
export async function DestinationsSection({ mayChange }: { mayChange: boolean }) {
  const [destinations, smtp] = await Promise.all([listDestinations(), smtpShown()]);
  return (
    <Card
      as="section"
      padding="lg"
      aria-labelledby="alert-destinations-heading"
      className="mt-6 max-w-2xl"
      data-testid="alert-destinations"
    >
      <CardHeader
        id="alert-destinations-heading"
        title="Alert destinations"
        description="Where alerts go when something on the overview goes wrong and when it recovers: an incoming-webhook URL that Slack, Microsoft Teams or any JSON receiver accepts, or e-mail addresses through the mail server below. URLs, addresses and the mail password are stored encrypted; only a URL's host is shown."
      />
      {destinations.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">
          None yet: incidents are listed on the Alerts page, but nobody away from the screen hears of them.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {destinations.map((d) => (
            <li key={d.id} className="py-3" data-testid="alert-destination">
              <p className="font-medium">
                {d.name} <span className="font-mono text-sm text-slate-600">{d.shown}</span>
              </p>
              <p className={`text-sm ${d.failingSince ? 'text-red-700' : 'text-slate-700'}`} data-testid="destination-state">
                {d.failingSince ? (
                  <>
                    Failing since <LocalTime iso={iso(d.failingSince)} />: {d.lastError}. Alerts to it are retried.
                  </>
                ) : d.lastSentAt ? (
                  <>
                    Took the last alert <LocalTime iso={iso(d.lastSentAt)} />.
                  </>
                ) : (
                  'Nothing sent yet.'
                )}
              </p>
              {mayChange && <DestinationControls id={d.id} name={d.name} kind={d.kind} />}
            </li>
          ))}
        </ul>
      )}
      {mayChange ? (
        <AddDestinationForm mailServerSet={smtp !== null} />
      ) : (
        <p className="mt-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">Only an admin can add, test or remove destinations.</p>
      )}
      <h3 className="mt-6 text-base font-semibold" id="alert-smtp-heading">
        Mail server for e-mail alerts
      </h3>
      <p className="mt-1 text-sm text-slate-700" data-testid="smtp-state">
        {smtp
          ? `${smtp.host}:${smtp.port}, ${SMTP_SECURITY_WORDS[smtp.security].split(' (')[0]}${smtp.user ? `, signing in as ${smtp.user}` : ''}; sent from ${smtp.from}.`
          : 'None set: e-mail destinations cannot be added until one is.'}
      </p>
      {mayChange && <SmtpForm current={smtp} />}
    </Card>
  );
}
