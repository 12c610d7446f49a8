import { canPerform } from '@/lib/auth/permissions';
import type { SessionUser } from '@/lib/auth/session';
import { keyFingerprint } from '@/lib/config/api-key';
import { getPartnerConnection } from '@/lib/connection/connection';
import { DestinationsSection } from '../alerts/destinations-section';
import { CallBudgetPanel } from './call-budget-panel';
import { RetentionSection } from './retention-section';
import { ApiKeyForm, ConnectionCheck } from './settings-forms';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';

const SOURCE_LABEL = {
  saved: 'saved on this page (encrypted)',
  environment: 'from the environment (PARTNER_API_KEY)',
  none: 'none configured',
  unreadable: 'saved on this page, but it cannot be read: save it again or remove it',
} as const;

/** The connection, the call budget and the key form: what waits for the store, below a header already painted. */
export async function SettingsSections({ user }: { user: SessionUser }) {
  const connection = await getPartnerConnection();
  const fingerprint = keyFingerprint(connection.apiKey);
  const mayChange = canPerform(user.role, 'change');
  return (
    <>
      <Card as="section" padding="lg" aria-labelledby="connection-heading" className="max-w-2xl">
        <CardTitle id="connection-heading">Connection</CardTitle>
        <dl className="mt-4 grid grid-cols-[6rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
          <dt className="text-slate-600">Service</dt>
          <dd data-testid="api-mode">
            {connection.mode === 'sandbox' ? 'Built-in sandbox (test data, no real customers)' : 'Real Partner API'}
          </dd>
          <dt className="text-slate-600">Address</dt>
          <dd className="font-mono break-all" data-testid="api-url">
            {connection.baseUrl ?? 'not set'}
          </dd>
          <dt className="text-slate-600">API key</dt>
          <dd>
            <span className="font-mono" data-testid="key-fingerprint">
              {fingerprint ?? 'not set'}
            </span>
            <span className="ml-2 text-slate-600">({SOURCE_LABEL[connection.keySource]})</span>
          </dd>
        </dl>
        <p className="mt-3 text-xs text-slate-500">
          Only the key&apos;s prefix and last four characters are ever shown. The key stays on the server.
        </p>
        <ConnectionCheck />
      </Card>
      <CallBudgetPanel />
      <Card as="section" padding="lg" aria-labelledby="key-heading" className="mt-6 max-w-2xl">
        <CardHeader
          id="key-heading"
          title="Replace the API key"
          description="Paste a key copied from the partner panel. It is checked against the service before it is saved, then stored encrypted."
        />
        {mayChange ? (
          <ApiKeyForm hasSavedKey={connection.keySource === 'saved'} />
        ) : (
          <p className="mt-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">Only an admin can change the API key.</p>
        )}
      </Card>
      <RetentionSection mayChange={mayChange} />
      <DestinationsSection mayChange={mayChange} />
    </>
  );
}
