import type {
  Account,
  AccountChanges,
  AccountClockReading,
  AccountCreated,
  AttachmentRecord,
  Channel,
  ClockReading,
  Conversation,
  ConversationDetail,
  DataList,
  EventFeed,
  Fault,
  LoggedRequest,
  HandshakeDecision,
  HistoryRequest,
  HistoryResult,
  NewAccount,
  NewConversation,
  NewFault,
  NewMessages,
  NewOutage,
  NewPanelChannel,
  NewRobot,
  NewRule,
  NewTrigger,
  Outage,
  PostedMessages,
  Reply,
  Robot,
  RobotChanges,
  RobotDetail,
  Rule,
  Simulator,
  SimulatorSetting,
  Triggered,
} from './types';

/**
 * The one client of the control API (D24): the panel, the command line, the launcher and the
 * tests all drive the sandbox through it. The panel passes an in-process `fetch` (the app's own
 * `request`), the others the real one; all get the same answers, validation and error envelopes.
 */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** An answer as it came: for callers that check the control API's own statuses and envelopes. */
export interface ControlResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON; the text itself when it is not JSON; undefined when empty (204). */
  body: unknown;
}

export interface ControlError {
  status: number;
  code: string;
  message: string;
  request_id: string | undefined;
  details: Record<string, unknown>;
}

export type ControlResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: ControlError };

export interface Issue {
  path: string;
  message: string;
}

export type HandshakeAnswer = 'approve' | 'deny';

export interface ControlClient {
  /** Any method and path (from the sandbox's origin), with the admin token; the answer as is. */
  send(method: string, path: string, body?: unknown): Promise<ControlResponse>;
  listAccounts(): Promise<ControlResult<DataList<Account>>>;
  createAccount(body: NewAccount): Promise<ControlResult<AccountCreated>>;
  getAccount(accountId: string): Promise<ControlResult<Account>>;
  patchAccount(accountId: string, body: AccountChanges): Promise<ControlResult<Account>>;
  deleteAccount(accountId: string): Promise<ControlResult<undefined>>;
  rotateKey(accountId: string): Promise<ControlResult<{ api_key: string }>>;
  rotateWebhookSecret(accountId: string): Promise<ControlResult<{ webhook_secret: string }>>;
  listRobots(accountId: string): Promise<ControlResult<DataList<RobotDetail>>>;
  createRobot(accountId: string, body: NewRobot): Promise<ControlResult<Robot>>;
  patchRobot(robotId: string, body: RobotChanges): Promise<ControlResult<Robot>>;
  addChannel(robotId: string, body: NewPanelChannel): Promise<ControlResult<Channel>>;
  deleteChannel(channelId: string): Promise<ControlResult<undefined>>;
  listRules(channelId: string): Promise<ControlResult<DataList<Rule>>>;
  createRule(channelId: string, body: NewRule): Promise<ControlResult<Rule>>;
  decideHandshake(channelId: string, answer: HandshakeAnswer): Promise<ControlResult<HandshakeDecision>>;
  createConversation(robotId: string, body: NewConversation): Promise<ControlResult<{ conversation_id: string }>>;
  getConversation(conversationId: string): Promise<ControlResult<ConversationDetail>>;
  addMessages(conversationId: string, body: NewMessages): Promise<ControlResult<PostedMessages>>;
  closeConversation(conversationId: string): Promise<ControlResult<Conversation>>;
  listReplies(conversationId: string): Promise<ControlResult<DataList<Reply>>>;
  listAttachments(conversationId: string): Promise<ControlResult<DataList<AttachmentRecord>>>;
  getAttachment(attachmentId: string): Promise<ControlResult<AttachmentRecord>>;
  simulateHistory(accountId: string, body: HistoryRequest): Promise<ControlResult<HistoryResult>>;
  listSimulators(): Promise<ControlResult<DataList<Simulator>>>;
  setSimulator(body: SimulatorSetting): Promise<ControlResult<Simulator>>;
  startOutage(body: NewOutage): Promise<ControlResult<Outage>>;
  listOutages(): Promise<ControlResult<DataList<Outage>>>;
  endOutages(): Promise<ControlResult<undefined>>;
  addFault(body: NewFault): Promise<ControlResult<Fault>>;
  listFaults(): Promise<ControlResult<DataList<Fault>>>;
  clearFaults(): Promise<ControlResult<undefined>>;
  clock(): Promise<ControlResult<ClockReading>>;
  advanceClock(seconds: number): Promise<ControlResult<{ now: string }>>;
  accountClock(accountId: string): Promise<ControlResult<AccountClockReading>>;
  advanceAccountClock(accountId: string, seconds: number): Promise<ControlResult<{ now: string }>>;
  reset(): Promise<ControlResult<{ deleted_accounts: number; fixture_accounts: number }>>;
  recentRequests(accountId: string, limit?: number): Promise<ControlResult<DataList<LoggedRequest>>>;
  triggerEvent(robotId: string, body: NewTrigger): Promise<ControlResult<Triggered>>;
  eventFeed(accountId: string, afterSeq: number, limit?: number): Promise<ControlResult<EventFeed>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function toControlError(response: ControlResponse): ControlError {
  const { status, body } = response;
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  return {
    status,
    code: typeof error.code === 'string' ? error.code : `http_${status}`,
    message: typeof error.message === 'string' ? error.message : `The control API answered HTTP ${status}.`,
    request_id: typeof error.request_id === 'string' ? error.request_id : (response.headers.get('x-request-id') ?? undefined),
    details: isRecord(error.details) ? error.details : {},
  };
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const CONTROL = '/sandbox/api';
const account = (id: string) => `${CONTROL}/accounts/${encodeURIComponent(id)}`;
const robot = (id: string) => `${CONTROL}/robots/${encodeURIComponent(id)}`;
const channel = (id: string) => `${CONTROL}/channels/${encodeURIComponent(id)}`;
const conversation = (id: string) => `${CONTROL}/conversations/${encodeURIComponent(id)}`;

/** `baseUrl` is the sandbox's origin ('' for the panel's in-process calls). */
export function createControlClient(fetchLike: FetchLike, baseUrl: string, token: string): ControlClient {
  async function send(method: string, path: string, body?: unknown): Promise<ControlResponse> {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetchLike(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, headers: response.headers, body: parse(await response.text()) };
  }

  async function call<T>(method: string, path: string, body?: unknown): Promise<ControlResult<T>> {
    const response = await send(method, path, body);
    if (response.status >= 300) return { ok: false, status: response.status, error: toControlError(response) };
    // The control API's own answer, whose shape the route's view fixes (./types): not checked again.
    return { ok: true, status: response.status, body: response.body as T };
  }

  return {
    send,
    listAccounts: () => call('GET', `${CONTROL}/accounts`),
    createAccount: (body) => call('POST', `${CONTROL}/accounts`, body),
    getAccount: (id) => call('GET', account(id)),
    patchAccount: (id, body) => call('PATCH', account(id), body),
    deleteAccount: (id) => call('DELETE', account(id)),
    rotateKey: (id) => call('POST', `${account(id)}/keys/rotate`),
    rotateWebhookSecret: (id) => call('POST', `${account(id)}/webhook-secret/rotate`),
    listRobots: (id) => call('GET', `${account(id)}/robots`),
    createRobot: (id, body) => call('POST', `${account(id)}/robots`, body),
    patchRobot: (id, body) => call('PATCH', robot(id), body),
    addChannel: (id, body) => call('POST', `${robot(id)}/channels`, body),
    deleteChannel: (id) => call('DELETE', channel(id)),
    listRules: (id) => call('GET', `${channel(id)}/rules`),
    createRule: (id, body) => call('POST', `${channel(id)}/rules`, body),
    decideHandshake: (id, answer) => call('POST', `${CONTROL}/handshakes/${encodeURIComponent(id)}/${answer}`),
    createConversation: (id, body) => call('POST', `${robot(id)}/conversations`, body),
    getConversation: (id) => call('GET', conversation(id)),
    addMessages: (id, body) => call('POST', `${conversation(id)}/messages`, body),
    closeConversation: (id) => call('POST', `${conversation(id)}/close`),
    listReplies: (id) => call('GET', `${conversation(id)}/replies`),
    listAttachments: (id) => call('GET', `${conversation(id)}/attachments`),
    getAttachment: (id) => call('GET', `${CONTROL}/attachments/${encodeURIComponent(id)}`),
    simulateHistory: (id, body) => call('POST', `${account(id)}/simulate-history`, body),
    listSimulators: () => call('GET', `${CONTROL}/simulator`),
    setSimulator: (body) => call('POST', `${CONTROL}/simulator`, body),
    startOutage: (body) => call('POST', `${CONTROL}/providers/outage`, body),
    listOutages: () => call('GET', `${CONTROL}/providers/outage`),
    endOutages: () => call('DELETE', `${CONTROL}/providers/outage`),
    addFault: (body) => call('POST', `${CONTROL}/faults`, body),
    listFaults: () => call('GET', `${CONTROL}/faults`),
    clearFaults: () => call('DELETE', `${CONTROL}/faults`),
    clock: () => call('GET', `${CONTROL}/clock`),
    advanceClock: (seconds) => call('POST', `${CONTROL}/clock/advance`, { seconds }),
    accountClock: (id) => call('GET', `${account(id)}/clock`),
    advanceAccountClock: (id, seconds) => call('POST', `${account(id)}/clock/advance`, { seconds }),
    reset: () => call('POST', `${CONTROL}/reset`, { confirm: 'delete every account' }),
    recentRequests: (id, limit) => call('GET', `${account(id)}/requests${limit === undefined ? '' : `?limit=${limit}`}`),
    triggerEvent: (id, body) => call('POST', `${robot(id)}/events`, body),
    eventFeed: (id, afterSeq, limit) =>
      call('GET', `${account(id)}/events?after_seq=${afterSeq}${limit === undefined ? '' : `&limit=${limit}`}`),
  };
}

/** `details.issues` of a validation_failed answer (D2), or none. */
export function issuesOf(error: ControlError): Issue[] {
  const issues = error.details.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) =>
    isRecord(issue) && typeof issue.path === 'string' && typeof issue.message === 'string'
      ? [{ path: issue.path, message: issue.message }]
      : [],
  );
}

/** An Error that carries the control API's own code and message, for callers that stop on one. */
export function controlFailure(what: string, error: ControlError): Error {
  return new Error(`${what}: the control API answered ${error.status} ${error.code}: ${error.message}`);
}

/** The answer's body, or the failure thrown (for the launcher and the tests). */
export function unwrap<T>(result: ControlResult<T>, what: string): T {
  if (result.ok) return result.body;
  throw controlFailure(what, result.error);
}
