import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import {
  addMessages,
  closeConversation,
  conversationView,
  createConversation,
  messagesOf,
  messageView,
  requireConversation,
  type MessageInput,
} from '../../domain/conversations';
import { eventsOfConversation } from '../../domain/events';
import { parseInstant } from '../../domain/instants';
import { requireRobot } from '../../domain/robots';
import { typingView } from '../../domain/typing';
import { liveReplies } from '../../replies/queue';
import type { AppEnv } from '../../http/env';
import { validBody } from '../../http/errors';
import { AddMessagesBody, CreateConversationBody, type MessageInputSchema } from './conversation-schemas';
import { idParam, jsonBody, jsonResponse } from './schemas';

const conversationParams = z.object({ conversation_id: idParam('conversation_id') });

const routes = {
  create: createRoute({
    method: 'post',
    path: '/sandbox/api/robots/{robot_id}/conversations',
    operationId: 'createConversation',
    tags: ['Conversations'],
    description: 'Starts a conversation on a robot with its first messages, recording its events and usage as the service would.',
    request: { params: z.object({ robot_id: idParam('robot_id') }), body: jsonBody(CreateConversationBody) },
    responses: { 201: jsonResponse('{conversation_id}; records chat.started and one message event per message (D17).') },
  }),
  get: createRoute({
    method: 'get',
    path: '/sandbox/api/conversations/{conversation_id}',
    operationId: 'getConversation',
    tags: ['Conversations'],
    description: 'Reads a conversation with its messages, recorded events and typing indicator.',
    request: { params: conversationParams },
    responses: { 200: jsonResponse('Conversation with its typing indicator ({active, until}), messages and recorded events.') },
  }),
  addMessages: createRoute({
    method: 'post',
    path: '/sandbox/api/conversations/{conversation_id}/messages',
    operationId: 'addMessages',
    tags: ['Conversations'],
    description: 'Adds messages to a conversation; a live automated reply takes the reply path (queue, send limits, 24-hour window).',
    request: { params: conversationParams, body: jsonBody(AddMessagesBody) },
    responses: {
      201: jsonResponse(
        '{message_ids, replies}: `ai` messages without `at` on a conversation with an active channel take the reply path (queue, send limits, 24 h window), each listed in `replies` as `{message_id, status: sent|queued|failed, reason}`; `message_ids` lists the messages stored now.',
      ),
    },
  }),
  close: createRoute({
    method: 'post',
    path: '/sandbox/api/conversations/{conversation_id}/close',
    operationId: 'closeConversation',
    tags: ['Conversations'],
    description: 'Closes a conversation, recording chat.closed.',
    request: { params: conversationParams },
    responses: { 200: jsonResponse('Conversation; records chat.closed.') },
  }),
};

function toInputs(messages: z.infer<typeof MessageInputSchema>[]): MessageInput[] {
  return messages.map((m) => ({ role: m.role, text: m.text, kind: m.kind, at: m.at === undefined ? undefined : parseInstant(m.at) }));
}

export function registerConversationControlRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(routes.create, (c) => {
    const robot = requireRobot(ctx, c.req.valid('param').robot_id);
    const body = validBody(c, c.req.valid('json'));
    const conversation = createConversation(ctx, robot, { ...body, messages: toInputs(body.messages) });
    return c.json({ conversation_id: conversation.id }, 201);
  });

  app.openapi(routes.get, (c) => {
    const conversation = requireConversation(ctx, c.req.valid('param').conversation_id);
    return c.json(
      {
        ...conversationView(conversation),
        typing: typingView(ctx, conversation.id),
        messages: messagesOf(ctx, conversation.id).map(messageView),
        events: eventsOfConversation(ctx, conversation.id),
      },
      200,
    );
  });

  app.openapi(routes.addMessages, (c) => {
    const { conversation_id } = c.req.valid('param');
    requireConversation(ctx, conversation_id);
    const body = validBody(c, c.req.valid('json'));
    const posted = addMessages(ctx, conversation_id, toInputs(body.messages), liveReplies(ctx));
    return c.json({ message_ids: posted.messages.map((row) => row.id), replies: posted.replies }, 201);
  });

  app.openapi(routes.close, (c) => {
    const closed = closeConversation(ctx, c.req.valid('param').conversation_id);
    return c.json(conversationView(closed), 200);
  });
}
