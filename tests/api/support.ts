import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox, type RunningSandbox, type StartOptions } from '../../sandbox/server';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const REQUEST_ID = /^req_[0-9A-Za-z]{24}$/;

export type Json = Record<string, unknown>;

export interface ApiResult<T = Json> {
  status: number;
  headers: Headers;
  body: T;
}

export interface AccountCreated {
  account_id: string;
  api_key: string;
  webhook_secret: string;
}

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

/** A sandbox on a random port over a fresh data directory, restartable on that directory. */
export class TestSandbox {
  private running: RunningSandbox | undefined;
  url = '';

  private constructor(
    readonly dataDir: string,
    private readonly options: Pick<StartOptions, 'webhookTimeoutMs'>,
  ) {}

  static async start(options: Pick<StartOptions, 'webhookTimeoutMs'> = {}): Promise<TestSandbox> {
    const sandbox = new TestSandbox(mkdtempSync(path.join(tmpdir(), 'sandbox-api-')), options);
    await sandbox.boot();
    return sandbox;
  }

  private async boot() {
    // Server-side logs of deliberate 500s would only clutter the test output.
    this.running = await startSandbox({ ...this.options, port: 0, dataDir: this.dataDir, adminToken: ADMIN_TOKEN, log: () => {} });
    this.url = this.running.url;
  }

  async restart(): Promise<void> {
    await this.running?.close();
    await this.boot();
  }

  async stop(): Promise<void> {
    await this.running?.close();
    this.running = undefined;
    rmSync(this.dataDir, { recursive: true, force: true });
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

  /** A control API call with the admin token and an optional JSON body. */
  control<T = Json>(method: string, urlPath: string, body?: unknown, token = ADMIN_TOKEN): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return this.fetch<T>(urlPath, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  async createAccount(body: Json = {}): Promise<AccountCreated> {
    const result = await this.control<AccountCreated>('POST', '/sandbox/api/accounts', { name: 'Test partner', ...body });
    expectStatus(result, 201);
    return result.body;
  }

  async createRobot(accountId: string, body: Json = {}): Promise<RobotBody> {
    const result = await this.control<RobotBody>('POST', `/sandbox/api/accounts/${accountId}/robots`, { name: 'Robot', ...body });
    expectStatus(result, 201);
    return result.body;
  }

  async patchAccount(accountId: string, body: Json): Promise<Json> {
    const result = await this.control('PATCH', `/sandbox/api/accounts/${accountId}`, body);
    expectStatus(result, 200);
    return result.body;
  }

  async advanceClock(seconds: number): Promise<string> {
    const result = await this.control<{ now: string }>('POST', '/sandbox/api/clock/advance', { seconds });
    expectStatus(result, 200);
    return result.body.now;
  }

  async now(): Promise<Date> {
    const result = await this.control<{ now: string }>('GET', '/sandbox/api/clock');
    return new Date(result.body.now);
  }
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
