import { expect } from 'vitest';
import type { NewAccount } from '../../sandbox/control-client/types';
import { REQUEST_ID, type ApiResult, type ErrorBody, type Json, type RobotBody, type TestSandbox } from './support';

/** Helpers shared by the channels-*.test.ts files. */

export interface ChannelBody {
  id: string;
  type: string;
  robot_id: string;
  username: string | null;
  is_active: boolean;
  connected_at: string | null;
  status: string;
}

export interface PendingBody {
  status: string;
  id: string;
  robot_id: string;
  type: string;
  authorisation_url: string;
  expires_at: string;
}

let nextBot = 500_000_000;
/** A bot number no other test of this process uses. */
export const freshBot = () => String((nextBot += 1));
export const botToken = (digits: string, secret = `A${'b'.repeat(34)}`) => `${digits}:${secret}`;

export function connect<T = ChannelBody>(sandbox: TestSandbox, key: string, robotId: string, body: unknown): Promise<ApiResult<T>> {
  return sandbox.api<T>(key, `/v1/robots/${robotId}/channels`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export const connectBot = (sandbox: TestSandbox, key: string, robotId: string, digits = freshBot()) =>
  connect(sandbox, key, robotId, { type: 'messenger_bot', config: { token: botToken(digits) } });

export const connectSocial = (sandbox: TestSandbox, key: string, robotId: string) =>
  connect<PendingBody>(sandbox, key, robotId, { type: 'social_dm' });

export function patchChannel<T = ChannelBody>(
  sandbox: TestSandbox,
  key: string,
  robotId: string,
  channelId: string,
  body: unknown,
): Promise<ApiResult<T>> {
  return sandbox.api<T>(key, `/v1/robots/${robotId}/channels/${channelId}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The robot as GET /v1/robots lists it. */
export async function listedRobot(sandbox: TestSandbox, key: string, robotId: string): Promise<RobotBody | undefined> {
  const result = await sandbox.api<{ data: RobotBody[] }>(key, '/v1/robots?limit=100');
  expect(result.status).toBe(200);
  return result.body.data.find((robot) => robot.id === robotId);
}

export async function activeChannels(sandbox: TestSandbox, accountId: string): Promise<number> {
  return (await sandbox.account(accountId)).active_channels;
}

/** Asserts the error envelope and returns its details. */
export function expectError(result: ApiResult<unknown>, status: number, code: string): Json {
  const body = result.body as ErrorBody;
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  expect(body.error.code).toBe(code);
  expect(body.error.request_id).toMatch(REQUEST_ID);
  return body.error.details;
}

/** A fresh account (with the social_dm role unless told otherwise) and one robot. */
export async function accountWithRobot(sandbox: TestSandbox, account: Partial<NewAccount> = {}) {
  const created = await sandbox.createAccount({ roles: ['social_dm'], ...account });
  const robot = await sandbox.createRobot(created.account_id, { name: 'Support bot' });
  return { account: created, key: created.api_key, robot };
}

export const RETURN_URL = 'https://partner.example/channels/return?from=sandbox';

/** Opens a consent-screen URL like a browser would, without following redirects. */
export async function openConsent(url: string, init: RequestInit = {}): Promise<ApiResult<string>> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** Posts the consent form's `decision` to the consent URL itself. */
export const submitDecision = (url: string, decision: string) =>
  openConsent(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }).toString(),
  });

/** A redirect target split into its address and query. */
export function splitUrl(url: string | null | undefined) {
  const parsed = new URL(url ?? 'invalid:');
  return { origin: parsed.origin + parsed.pathname, params: Object.fromEntries(parsed.searchParams) };
}

/** An account named "Acme Partners" (return URL RETURN_URL unless told) whose robot has an open handshake. */
export async function pendingHandshake(sandbox: TestSandbox, account: Partial<NewAccount> = { return_url: RETURN_URL }) {
  const setup = await accountWithRobot(sandbox, { name: 'Acme Partners', ...account });
  const result = await connectSocial(sandbox, setup.key, setup.robot.id);
  expect(result.status).toBe(201);
  return { ...setup, handshake: result.body };
}
