import type { Action, Rule } from '@/lib/partner/schemas';
import { LocalTime } from '@/components/ui/local-time';
import { Card } from '@/components/ui/card';

function ActionItem({ action }: { action: Action }) {
  switch (action.type) {
    case 'text':
      return <>Send text: “{action.body ?? ''}”</>;
    case 'image':
      return (
        <>
          Send image <code className="font-mono text-xs">{action.url ?? 'no URL'}</code>
        </>
      );
    case 'link':
      return (
        <>
          Send link “{action.label ?? action.url ?? ''}” → <code className="font-mono text-xs">{action.url ?? 'no URL'}</code>
        </>
      );
    case 'delay':
      return <>Wait {action.seconds ?? '?'} s</>;
    default:
      // A newer service may add action types; show them rather than hide them.
      return <>Action of type “{String(action.type)}”</>;
  }
}

function Actions({ actions }: { actions: Action[] | null | undefined }) {
  if (!actions?.length) return <span className="text-slate-500">none</span>;
  return (
    <ol className="list-decimal space-y-1 pl-5">
      {actions.map((a, i) => (
        <li key={i}>
          <ActionItem action={a} />
        </li>
      ))}
    </ol>
  );
}

export function RuleView({ rule }: { rule: Rule }) {
  const trigger = rule.trigger;
  const follow = rule.require_follow;
  return (
    <Card as="article" data-testid="rule-view">
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{rule.name ?? 'Unnamed rule'}</h2>
        <span
          className={`rounded-full border px-2.5 py-0.5 text-xs font-medium ${rule.is_active === false ? 'border-slate-200 bg-slate-100 text-slate-600' : 'border-emerald-200 bg-emerald-50 text-emerald-800'}`}
          data-testid="rule-state"
        >
          {rule.is_active === false ? 'inactive' : 'active'}
        </span>
        <code className="font-mono text-xs text-slate-500">{rule.id}</code>
      </header>
      <dl className="mt-4 grid grid-cols-[12rem_1fr] gap-y-3 text-sm">
        <dt className="text-slate-600">Fires on</dt>
        <dd>
          {trigger?.on === 'comment'
            ? 'Comments on posts and reels'
            : trigger?.on === 'dm'
              ? 'Direct messages'
              : (trigger?.on ?? 'unknown')}
          {trigger?.media_id ? (
            <>
              {' '}
              (only post/reel <code className="font-mono">{trigger.media_id}</code>)
            </>
          ) : trigger?.on === 'comment' ? (
            ' (all posts)'
          ) : null}
        </dd>
        <dt className="text-slate-600">Keywords</dt>
        <dd>
          {(trigger?.keywords ?? []).map((k) => (
            <span key={k} className="mr-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">
              {k}
            </span>
          ))}{' '}
          <span className="text-slate-600">
            — {trigger?.match === 'equal' ? 'whole message must match' : 'keyword anywhere in the text'}
          </span>
        </dd>
        {trigger?.on !== 'comment' && (
          <>
            <dt className="text-slate-600">Then</dt>
            <dd>
              <Actions actions={rule.actions} />
            </dd>
          </>
        )}
        {(trigger?.on === 'comment' || rule.reply_in_comment || rule.then_send_dm?.length) && (
          <>
            <dt className="text-slate-600">Public reply</dt>
            <dd>{rule.reply_in_comment?.body ? `“${rule.reply_in_comment.body}”` : <span className="text-slate-500">none</span>}</dd>
            <dt className="text-slate-600">Then in a private message</dt>
            <dd>
              <Actions actions={rule.then_send_dm} />
            </dd>
          </>
        )}
        <dt className="text-slate-600">Follow gate</dt>
        <dd>
          {follow?.enabled ? (
            <>
              Reply only once the commenter follows the page. Otherwise send “{follow.prompt ?? ''}” with a “{follow.button_text ?? ''}”
              button{follow.retry_prompt ? <>; if tapped before following: “{follow.retry_prompt}”</> : null}.
            </>
          ) : (
            'off'
          )}
        </dd>
        <dt className="text-slate-600">Created</dt>
        <dd>
          <LocalTime iso={rule.created_at} />
        </dd>
      </dl>
    </Card>
  );
}
