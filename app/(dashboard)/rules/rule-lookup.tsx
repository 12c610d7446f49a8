import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { ruleErrorToDisplay } from '@/app/_errors/rule-errors';
import { Card } from '@/components/ui/card';
import { readBesideLook } from '@/lib/robots/robots';
import { loadRule, socialDmChannelOptions } from '@/lib/rules/rules';
import { RuleView } from './rule-view';

export interface RuleLookupProps {
  channelParam: string;
  ruleParam: string;
  wanted: { robotId: string; channelId: string; ruleId: string } | null;
  problems: string[];
}

/** The lookup form and the rule: the part of the page that waits for the API, streamed after the header. */
export async function RuleLookup({ channelParam, ruleParam, wanted, problems }: RuleLookupProps) {
  // Robots added since the last look appear with their channels (one call, none when the budget is
  // spent); the rule is asked for meanwhile. A failed look leaves the channels the directory knows.
  const rule = wanted ? loadRule(wanted.robotId, wanted.channelId, wanted.ruleId) : null;
  const { data: channels } = await readBesideLook(socialDmChannelOptions);
  const result = await rule;

  return (
    <>
      <Card as="form" padding="sm" method="get" action="/rules" className="flex flex-wrap items-end gap-3">
        <div className="w-full min-w-0 sm:w-auto">
          <label htmlFor="rule-channel" className="block text-sm font-medium">
            Channel
          </label>
          <select
            id="rule-channel"
            name="channel"
            defaultValue={channelParam}
            className="mt-1 w-full max-w-sm rounded-md border border-slate-300 px-3 py-2 text-sm"
          >
            <option value="">Choose a social-DM channel</option>
            {channels.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="rule-id" className="block text-sm font-medium">
            Rule id
          </label>
          <input
            id="rule-id"
            name="rule"
            defaultValue={ruleParam}
            placeholder="rule_…"
            className="mt-1 w-56 rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
          />
        </div>
        <button type="submit" className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Show rule
        </button>
      </Card>
      {channels.length === 0 && (
        <p className="mt-3 text-sm text-slate-600">No robot has a social-DM channel yet; rules exist only on those.</p>
      )}
      {problems.length > 0 && (
        <p role="status" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {problems.join(' ')}
        </p>
      )}
      <div className="mt-6">
        {result?.ok && <RuleView rule={result.data} />}
        {result?.ok === false && <ApiErrorNotice error={ruleErrorToDisplay(result.error)} />}
      </div>
    </>
  );
}
