import { Card, CardHeader } from '@/components/ui/card';
import { describeRetention } from '@/lib/retention/policy';
import { dashboardRetention } from '@/lib/retention/settings';
import { RetentionForm } from './retention-form';

/** The plan as an admin stated it, and how long the dashboard keeps the conversations its receiver stored. */
export async function RetentionSection({ mayChange }: { mayChange: boolean }) {
  const retention = await dashboardRetention();
  return (
    <Card as="section" padding="lg" aria-labelledby="retention-heading" className="mt-6 max-w-2xl">
      <CardHeader
        id="retention-heading"
        title="Conversation history"
        description="The service keeps conversation history by plan (Basic 6 months; Professional 1 year; Business 1 year on standard plans, no limit on social-DM plans; with both subscriptions the longer). The API does not say the plan, so state it here: the dashboard then removes from its own copy what the service has removed."
      />
      <p className="mt-3 text-sm" data-testid="retention-state">
        {retention.state === 'unstated'
          ? 'Not stated yet: the dashboard keeps every conversation it received and removes none.'
          : `Kept ${describeRetention(retention.months)}${retention.ownMonths === null ? ', as the plan keeps it' : `, shorter than the plan’s ${describeRetention(retention.planMonths)}`}.`}
      </p>
      {mayChange ? (
        <RetentionForm
          current={
            retention.state === 'stated'
              ? {
                  standard: retention.plan.standard ?? '',
                  socialDm: retention.plan.socialDm ?? '',
                  ownMonths: String(retention.ownMonths ?? ''),
                }
              : { standard: '', socialDm: '', ownMonths: '' }
          }
        />
      ) : (
        <p className="mt-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
          Only an admin can state the plan or shorten the retention.
        </p>
      )}
    </Card>
  );
}
