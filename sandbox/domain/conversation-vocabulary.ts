import { randomBase62 } from './ids';
import type { Model } from './vocabulary';

export const MESSAGE_ROLES = ['client', 'ai', 'operator'] as const;
export const SOURCES = ['direct', 'comment', 'story_reply', 'story_mention', 'reel'] as const;
export const EVENT_TYPES = ['chat.started', 'chat.closed', 'message.received', 'message.sent'] as const;

export type MessageRole = (typeof MESSAGE_ROLES)[number];
export type Source = (typeof SOURCES)[number];
export type EventType = (typeof EVENT_TYPES)[number];

/** D12: one unit per message, two on the enhanced-accuracy model. */
export const unitsPerMessage = (model: Model): number => (model === 'enhanced' ? 2 : 1);

export const newConversationId = () => `conv_${randomBase62(16)}`;
export const newMessageId = () => `msg_${randomBase62(16)}`;
export const newEventId = () => `evt_${randomBase62(16)}`;
