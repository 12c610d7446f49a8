import { randomBase62 } from './ids';
import type { Model } from './vocabulary';

export const MESSAGE_ROLES = ['client', 'ai', 'operator'] as const;
// What an automated reply sends; the social platform allows 100 text and 10 audio or video sends per second.
export const REPLY_KINDS = ['text', 'audio', 'video'] as const;
export const SOURCES = ['direct', 'comment', 'story_reply', 'story_mention', 'reel'] as const;
// D17; `message.failed` and `test` come from the reply path and the test event.
export const EVENT_TYPES = ['chat.started', 'chat.closed', 'message.received', 'message.sent', 'message.failed', 'test'] as const;

export type MessageRole = (typeof MESSAGE_ROLES)[number];
export type Source = (typeof SOURCES)[number];
export type ReplyKind = (typeof REPLY_KINDS)[number];
export type EventType = (typeof EVENT_TYPES)[number];

/** D12: one unit per message, two on the enhanced-accuracy model. */
export const unitsPerMessage = (model: Model): number => (model === 'enhanced' ? 2 : 1);

export const newConversationId = () => `conv_${randomBase62(16)}`;
export const newMessageId = () => `msg_${randomBase62(16)}`;
export const newEventId = () => `evt_${randomBase62(16)}`;
