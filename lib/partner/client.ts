import 'server-only';
/**
 * Typed client of Partner API v1 (contract: docs/contract/, decisions docs/decisions/).
 *
 * Return shape: every method resolves to `PartnerResult<T> = { data, requestId }`, where
 * `requestId` is the response's `X-Request-Id` (D1) for support and audit logs, and `data` is
 * the schema-parsed body (see schemas.ts for how tolerant that is). Methods answered 204
 * (`deleteRobot`, `setTyping`) resolve to `{ data: undefined, requestId }`.
 * Failures reject with a `PartnerError` subclass from errors.ts; the API key never appears in
 * their messages.
 *
 * Server-only: the key is a secret (contract, Authentication).
 */
import {
  AttachmentSchema,
  ChannelSchema,
  ConnectResultSchema,
  DeliveryListSchema,
  DeliverySchema,
  RobotListSchema,
  RuleSchema,
  TestEventResultSchema,
  UsageReportSchema,
  type Attachment,
  type Channel,
  type ConnectResult,
  type Delivery,
  type DeliveryList,
  type RobotList,
  type Rule,
  type TestEventResult,
  type UsageReport,
} from './schemas';
import { iterPages, type IterPagesOptions, type PagedList } from './pagination';
import { NO_CONTENT, createTransport, seg } from './transport';
import type { ConnectChannelInput, DeliveryQuery, PageQuery, PartnerClientOptions, PartnerResult, UsageQuery } from './types';

export type * from './types';
export type { ItemOf, Page, PagedList, ReadPage } from './pagination';
export { iterPages };

export function createPartnerClient(options: PartnerClientOptions) {
  const request = createTransport(options);

  return {
    async listRobots(query: PageQuery = {}): Promise<PartnerResult<RobotList>> {
      return request({
        method: 'GET',
        path: '/robots',
        query: { limit: query.limit, offset: query.offset },
        schema: RobotListSchema,
      });
    },

    async deleteRobot(robotId: string): Promise<PartnerResult<undefined>> {
      return request({ method: 'DELETE', path: `/robots/${seg(robotId)}`, schema: NO_CONTENT });
    },

    /** `data.kind` is `pending` (redirect to `channel.authorisation_url` as is) or `live`. */
    async connectChannel(robotId: string, input: ConnectChannelInput): Promise<PartnerResult<ConnectResult>> {
      const json = input.config ? { type: input.type, config: { token: input.config.token } } : { type: input.type };
      return request({ method: 'POST', path: `/robots/${seg(robotId)}/channels`, json, schema: ConnectResultSchema });
    },

    async updateChannel(robotId: string, channelId: string, input: { is_active: boolean }): Promise<PartnerResult<Channel>> {
      return request({
        method: 'PATCH',
        path: `/robots/${seg(robotId)}/channels/${seg(channelId)}`,
        json: { is_active: input.is_active },
        schema: ChannelSchema,
      });
    },

    async getRule(robotId: string, channelId: string, ruleId: string): Promise<PartnerResult<Rule>> {
      return request({
        method: 'GET',
        path: `/robots/${seg(robotId)}/channels/${seg(channelId)}/rules/${seg(ruleId)}`,
        schema: RuleSchema,
      });
    },

    async getUsage(query: UsageQuery = {}): Promise<PartnerResult<UsageReport>> {
      // Fields are picked one by one so nothing else (such as `breakdown`) can ride along.
      const { from, to, robot_id, limit, offset } = query;
      return request({ method: 'GET', path: '/usage', query: { from, to, robot_id, limit, offset }, schema: UsageReportSchema });
    },

    /** One upload serves one conversation; pass the returned `id` as `attachment_ids` when sending. */
    async uploadAttachment(input: { conversationId: string; file: Blob; filename: string }): Promise<PartnerResult<Attachment>> {
      const form = new FormData();
      form.set('conversation_id', input.conversationId);
      form.set('file', input.file, input.filename);
      return request({ method: 'POST', path: '/attachments', form, schema: AttachmentSchema });
    },

    /** The indicator expires by itself; resend while typing continues. */
    async setTyping(conversationId: string, isTyping = true): Promise<PartnerResult<undefined>> {
      return request({
        method: 'POST',
        path: `/conversations/${seg(conversationId)}/typing`,
        json: { is_typing: isTyping },
        schema: NO_CONTENT,
      });
    },

    /** D18: `POST /v1/webhooks/test`, no body, 202 `{delivery_id, status}`. */
    async sendTestEvent(): Promise<PartnerResult<TestEventResult>> {
      return request({ method: 'POST', path: '/webhooks/test', schema: TestEventResultSchema });
    },

    async listDeliveries(query: DeliveryQuery = {}): Promise<PartnerResult<DeliveryList>> {
      const { delivery_id, status, event_type, limit, offset } = query;
      return request({
        method: 'GET',
        path: '/webhooks/deliveries',
        query: { delivery_id, status, event_type, limit, offset },
        schema: DeliveryListSchema,
      });
    },

    async getDelivery(deliveryId: string): Promise<PartnerResult<Delivery>> {
      return request({ method: 'GET', path: `/webhooks/deliveries/${seg(deliveryId)}`, schema: DeliverySchema });
    },

    /**
     * Every page of a list, read only as the loop asks for it:
     * `for await (const page of client.iterPages(client.listRobots, { limit: 100 }))`, or with a
     * query of its own, `client.iterPages((q) => client.getUsage({ from, to, ...q }))`.
     */
    iterPages<L extends PagedList<unknown>>(
      list: (query: Required<PageQuery>) => Promise<PartnerResult<L>>,
      options?: IterPagesOptions<L>,
    ) {
      return iterPages<L>(async (query) => (await list(query)).data, options);
    },
  };
}

export type PartnerClient = ReturnType<typeof createPartnerClient>;
