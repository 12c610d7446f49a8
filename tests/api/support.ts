import { runCli } from '../../sandbox/cli/main';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createControlClient, unwrap, type ControlClient, type ControlResult } from '../../sandbox/control-client/client';
import type {
  Account,
  AccountChanges,
  AccountCreated,
  NewAccount,
  NewConversation,
  NewMessages,
  NewRobot,
  PostedMessages,
  Robot,
} from '../../sandbox/control-client/types';
import { startSandbox, type RunningSandbox, type StartOptions } from '../../sandbox/server';

export type { AccountCreated };

export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const REQUEST_ID = /^req_[0-9A-Za-z]{24}$/;

export type Json = Record<string, unknown>;

export interface ApiResult<T = Json> {
  status: number;
  headers: Headers;
  body: T;
}

/** A robot as GET /v1/robots lists it. */
export interface RobotBody {
  id: string;
  name: string;
  external_id: string | null;
  channels: { id: string; type: string; is_active: boolean }[];
  created_at: string;
}

export interface ErrorBody {
  error: { code: string; message: string; request_id: string; details: Json };
}

/** The body of a control answer with the expected status; anything else fails with the control API's own error. */
export function expectAnswer<T>(result: ControlResult<T>, status: number): T {
  const body = unwrap(result, `expected HTTP ${status}`);
  if (result.status !== status) throw new Error(`expected HTTP ${status}, got ${result.status}: ${JSON.stringify(body)}`);
  return body;
}

/** A sandbox on a random port over a fresh data directory, restartable on that directory. */
export class TestSandbox {
  private running: RunningSandbox | undefined;
  private directory: string | undefined;
  url = '';

  constructor(private readonly options: Pick<StartOptions, 'webhookTimeoutMs'> = {}) {}

  get dataDir(): string {
    if (this.directory === undefined) throw new Error('the test sandbox has not started');
    return this.directory;
  }

  async start(): Promise<void> {
    // Made on start, not on construction: a file whose tests are all filtered out leaves nothing behind.
    this.directory ??= mkdtempSync(path.join(tmpdir(), 'sandbox-api-'));
    // Server-side logs of deliberate 500s would only clutter the test output.
    this.running = await startSandbox({ ...this.options, port: 0, dataDir: this.directory, adminToken: ADMIN_TOKEN, log: () => {} });
    this.url = this.running.url;
  }

  async restart(): Promise<void> {
    await this.running?.close();
    await this.start();
  }

  async stop(): Promise<void> {
    await this.running?.close();
    this.running = undefined;
    if (this.directory !== undefined) rmSync(this.directory, { recursive: true, force: true });
  }

  async fetch<T = Json>(urlPath: string, init: RequestInit = {}): Promise<ApiResult<T>> {
    const response = await fetch(`${this.url}${urlPath}`, init);
    const text = await response.text();
    const body = (text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text) as T;
    return { status: response.status, headers: response.headers, body };
  }

  /** A /v1 call with a bearer key (omit the key for a keyless call). */
  api<T = Json>(key: string | undefined, urlPath: string, init: RequestInit = {}): Promise<ApiResult<T>> {
    const headers = new Headers(init.headers);
    if (key !== undefined) headers.set('Authorization', `Bearer ${key}`);
    return this.fetch<T>(urlPath, { ...init, headers });
  }

  /** The control API's client with the admin token. */
  get admin(): ControlClient {
    return createControlClient(fetch, this.url, ADMIN_TOKEN);
  }

  /** A control call answered as is (the route's own status, headers and envelope), with any token. */
  async control<T = Json>(method: string, urlPath: string, body?: unknown, token = ADMIN_TOKEN): Promise<ApiResult<T>> {
    const answer = await createControlClient(fetch, this.url, token).send(method, urlPath, body);
    // The test names the shape of the answer it reads, as it would for any JSON.
    return { status: answer.status, headers: answer.headers, body: answer.body as T };
  }

  async createAccount(body: Partial<NewAccount> = {}): Promise<AccountCreated> {
    return expectAnswer(await this.admin.createAccount({ name: 'Test partner', ...body }), 201);
  }

  async createRobot(accountId: string, body: Partial<NewRobot> = {}): Promise<Robot> {
    return expectAnswer(await this.admin.createRobot(accountId, { name: 'Robot', ...body }), 201);
  }

  async account(accountId: string): Promise<Account> {
    return expectAnswer(await this.admin.getAccount(accountId), 200);
  }

  async patchAccount(accountId: string, body: AccountChanges): Promise<Account> {
    return expectAnswer(await this.admin.patchAccount(accountId, body), 200);
  }

  async advanceClock(seconds: number): Promise<string> {
    return expectAnswer(await this.admin.advanceClock(seconds), 200).now;
  }

  /** The command line run in this process against this sandbox, with the admin token: what it printed and its exit code. */
  async cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli([...argv, '--url', this.url], {
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
      env: { SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN },
    });
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  }

  async now(): Promise<Date> {
    return new Date(expectAnswer(await this.admin.clock(), 200).now);
  }
}

/** The sandbox of one test file: started before its first test, stopped (its data removed) after its last. */
export function setUpSandbox(options: Pick<StartOptions, 'webhookTimeoutMs'> = {}): TestSandbox {
  const sandbox = new TestSandbox(options);
  beforeAll(() => sandbox.start());
  afterAll(() => sandbox.stop());
  return sandbox;
}

/** A message for the control API; the text defaults to "hello". */
export type MessageSpec = Omit<NewMessages['messages'][number], 'text'> & { text?: string };

const withText = (messages: MessageSpec[]) => messages.map((m) => ({ text: 'hello', ...m }));

/** POST /sandbox/api/robots/{id}/conversations; returns the conversation id. */
export async function postConversation(
  sandbox: TestSandbox,
  robotId: string,
  messages: MessageSpec[],
  extra: Omit<NewConversation, 'messages'> = {},
): Promise<string> {
  return expectAnswer(await sandbox.admin.createConversation(robotId, { ...extra, messages: withText(messages) }), 201).conversation_id;
}

export async function postMessages(sandbox: TestSandbox, conversationId: string, messages: MessageSpec[]): Promise<PostedMessages> {
  return expectAnswer(await sandbox.admin.addMessages(conversationId, { messages: withText(messages) }), 201);
}

export function expectStatus(result: ApiResult<unknown>, status: number): void {
  if (result.status !== status) {
    throw new Error(`expected HTTP ${status}, got ${result.status}: ${JSON.stringify(result.body)}`);
  }
}

/** An error body with request_id blanked, for comparing two errors that must be identical. */
export function withoutRequestId(body: unknown): unknown {
  const error = (body as ErrorBody).error;
  return { error: { ...error, request_id: '<id>' } };
}
