// The contract's Rule, Trigger, Action, RuleReplyInComment and RequireFollow, as stored. Imports
// nothing: the rules table's column type and the rule code both read it.

/** Closed for clients: an unknown action type is refused with 422 (contract, versioning 4). */
export const ACTION_TYPES = ['text', 'image', 'link', 'delay'] as const;
export const TRIGGER_ON = ['dm', 'comment'] as const;
export const TRIGGER_MATCH = ['contains', 'equal'] as const;

interface RuleAction {
  type: (typeof ACTION_TYPES)[number];
  body?: string | undefined;
  url?: string | undefined;
  label?: string | undefined;
  seconds?: number | undefined;
}

export interface RuleDefinition {
  name?: string | undefined;
  trigger: {
    on: (typeof TRIGGER_ON)[number];
    keywords: string[];
    match: (typeof TRIGGER_MATCH)[number];
    media_id?: string | undefined;
  };
  actions: RuleAction[];
  reply_in_comment?: { body: string } | undefined;
  then_send_dm?: RuleAction[] | undefined;
  require_follow?:
    { enabled: boolean; prompt?: string | undefined; button_text?: string | undefined; retry_prompt?: string | undefined } | undefined;
  is_active: boolean;
}
