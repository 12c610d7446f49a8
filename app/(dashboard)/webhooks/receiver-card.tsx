import { Card, CardHeader } from '@/components/ui/card';
import { publicOrigin } from '@/lib/auth/public-origin';
import { getEnv } from '@/lib/config/env';
import { receiverSetup } from '@/lib/config/receiver-setup';

/**
 * Whether our receiver can take the service's webhooks, and what to set in the service's panel:
 * until both settings are there it answers 503 to every delivery, which nobody sees from here.
 */
export async function ReceiverCard() {
  const env = getEnv();
  const setup = receiverSetup({ publicOrigin: await publicOrigin(), secret: env.PARTNER_WEBHOOK_SECRET, token: env.PARTNER_WEBHOOK_TOKEN });
  return (
    <Card as="section" aria-labelledby="receiver-heading" className="my-6" data-testid="receiver-setup">
      <CardHeader
        id="receiver-heading"
        title={
          <>
            Our receiver:{' '}
            <span className={setup.configured ? 'text-emerald-700' : 'text-red-700'} data-testid="receiver-state">
              {setup.configured ? 'ready' : 'not configured'}
            </span>
          </>
        }
        description={
          setup.configured
            ? 'The service sends every event here; each is checked (token and signature) and stored once.'
            : `It answers 503 to every delivery until ${setup.missing.join(' and ')} ${setup.missing.length > 1 ? 'are' : 'is'} set on the dashboard's server (then restart it).`
        }
      />
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-700">Webhook URL</dt>
        <dd>
          <code className="rounded bg-slate-100 px-1.5 py-0.5 break-all" data-testid="receiver-url">
            {setup.url}
          </code>
          {!env.publicUrl && <span className="block text-slate-600">The address you reached this page at; set AUTH_URL to fix it.</span>}
        </dd>
        <dt className="font-medium text-slate-700">Token header</dt>
        <dd>
          <code className="rounded bg-slate-100 px-1.5 py-0.5">{setup.tokenHeader}</code>, set to the value of{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5">PARTNER_WEBHOOK_TOKEN</code>
        </dd>
        <dt className="font-medium text-slate-700">Signing secret</dt>
        <dd>
          the service&apos;s <code className="rounded bg-slate-100 px-1.5 py-0.5">whsec_…</code> secret, as{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5">PARTNER_WEBHOOK_SECRET</code>
        </dd>
      </dl>
    </Card>
  );
}
