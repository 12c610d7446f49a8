import type { z } from 'zod';
import type { accountView, createAccount } from '../domain/accounts';
import type { attachmentRecordView } from '../domain/attachments';
import type { channelView } from '../domain/channels';
import type { conversationView, messageView, ReplyOutcome } from '../domain/conversations';
import type { EventEnvelope } from '../domain/events';
import type { Fault } from '../domain/faults';
import type { HandshakeStatus } from '../domain/handshakes';
import type { robotDetails } from '../domain/panel-robots';
import type { robotView } from '../domain/robots';
import type { ruleView } from '../domain/rules';
import type { simulateHistory } from '../domain/simulate-history';
import type { simulatorView } from '../domain/simulator';
import type { Triggered } from '../domain/trigger';
import type { typingView } from '../domain/typing';
import type { outageView } from '../replies/limits';
import type { FedEvent } from '../webhooks/event-feed';
import type { replyView } from '../replies/queue';
import type { AddMessagesBody, CreateConversationBody, SimulateHistoryBody, SimulatorBody } from '../routes/control/conversation-schemas';
import type { AddPanelChannelBody } from '../routes/control/panel-support';
import type { OutageBody } from '../routes/control/providers';
import type { TriggerBody } from '../routes/control/events';
import type { CreateRuleBody } from '../routes/control/rule-schemas';
import type { CreateAccountBody, CreateRobotBody, FaultBody, PatchAccountBody, PatchRobotBody } from '../routes/control/schemas';

// Shapes of the control API (D24), taken from the views and body schemas its routes use, so the
// client cannot drift from what the routes answer and accept. Only types come from there: the
// client runs without the server's code (the launcher, the e2e tests).

export type Account = ReturnType<typeof accountView>;
export type AccountCreated = ReturnType<typeof createAccount>;
export type Robot = ReturnType<typeof robotView>;
/** A robot as the panel lists it: with its model and full channel views. */
export type RobotDetail = ReturnType<typeof robotDetails>[number];
export type Channel = ReturnType<typeof channelView>;
export type Conversation = ReturnType<typeof conversationView>;
export type ConversationDetail = Conversation & {
  typing: ReturnType<typeof typingView>;
  messages: ReturnType<typeof messageView>[];
  events: EventEnvelope[];
};
export type PostedMessages = { message_ids: string[]; replies: ReplyOutcome[] };
export type Reply = ReturnType<typeof replyView>;
export type Outage = ReturnType<typeof outageView>;
export type AttachmentRecord = ReturnType<typeof attachmentRecordView>;
export type Rule = ReturnType<typeof ruleView>;
export type Simulator = ReturnType<typeof simulatorView>;
export type HistoryResult = ReturnType<typeof simulateHistory>;
export type { Fault, FedEvent, Triggered };

export type { LoggedRequest } from '../http/request-log';

export interface ClockReading {
  now: string;
  offset_seconds: number;
}

/** An account's time: `offset_seconds` ahead of the sandbox's clock on a clock of its own. */
export interface AccountClockReading extends ClockReading {
  account_id: string;
  own_clock: boolean;
  sandbox_now: string;
}

export interface HandshakeDecision {
  status: HandshakeStatus;
  redirect_url: string;
}

export interface DataList<T> {
  data: T[];
}

export interface EventFeed extends DataList<FedEvent> {
  latest_seq: number;
}

/**
 * A route's body before the control API has checked it: closed vocabularies (tier, role, model,
 * channel type …) widen to string. The panel and the command line pass on what a person typed, and
 * the control API's own 422 is the answer they show for a value it does not know.
 */
export type Unchecked<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? Unchecked<U>[]
    : T extends object
      ? { [K in keyof T]: Unchecked<T[K]> }
      : T;

export type NewAccount = Unchecked<z.input<typeof CreateAccountBody>>;
export type AccountChanges = Unchecked<z.input<typeof PatchAccountBody>>;
export type NewRobot = Unchecked<z.input<typeof CreateRobotBody>>;
export type RobotChanges = Unchecked<z.input<typeof PatchRobotBody>>;
export type NewPanelChannel = Unchecked<z.input<typeof AddPanelChannelBody>>;
export type NewConversation = Unchecked<z.input<typeof CreateConversationBody>>;
export type NewMessages = Unchecked<z.input<typeof AddMessagesBody>>;
export type HistoryRequest = Unchecked<z.input<typeof SimulateHistoryBody>>;
export type SimulatorSetting = Unchecked<z.input<typeof SimulatorBody>>;
export type NewFault = Unchecked<z.input<typeof FaultBody>>;
export type NewOutage = Unchecked<z.input<typeof OutageBody>>;
export type NewRule = Unchecked<z.input<typeof CreateRuleBody>>;
export type NewTrigger = Unchecked<z.input<typeof TriggerBody>>;
