import { readFileSync } from 'node:fs';
import { z } from '@hono/zod-openapi';
import { API_KEY_PREFIX } from '../contract/vocabulary';
import { CreateAccountBody, CreateRobotBody } from './routes/control/schemas';

const id = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}_[0-9A-Za-z]{1,60}$`), { error: `must be ${prefix}_ followed by 1-60 letters or digits` });

const FixtureChannel = CreateRobotBody.shape.channels.unwrap().element.extend({ id: id('ch').optional() });

const FixtureRobot = CreateRobotBody.extend({
  id: id('rb'),
  channels: z.array(FixtureChannel).max(10).optional(),
});

const FixtureAccount = CreateAccountBody.extend({
  id: id('acc'),
  api_key: z
    .string()
    .regex(new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{32}$`), { error: `must be ${API_KEY_PREFIX} followed by 32 letters or digits` }),
  // Standard Webhooks: whsec_ and the key in base64; at least 24 bytes, as the service's own.
  webhook_secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, { error: 'must be whsec_ followed by a base64 key of at least 24 bytes' }),
  robots: z.array(FixtureRobot).max(1000).optional(),
});

const distinct = (values: string[]) => new Set(values).size === values.length;

export const FixturesFile = z
  .strictObject({ accounts: z.array(FixtureAccount).min(1).max(1000) })
  .refine((file) => distinct(file.accounts.map((account) => account.id)), { error: 'two accounts share an id' })
  .refine((file) => distinct(file.accounts.map((account) => account.api_key)), { error: 'two accounts share an api_key' })
  .refine((file) => distinct(file.accounts.flatMap((account) => (account.robots ?? []).map((robot) => robot.id))), {
    error: 'two robots share an id',
  })
  .refine(
    (file) =>
      distinct(
        file.accounts.flatMap((account) => (account.robots ?? []).flatMap((robot) => (robot.channels ?? []).flatMap((c) => c.id ?? []))),
      ),
    { error: 'two channels share an id' },
  );

/** Accounts (with fixed ids, keys and secrets), their robots and channels, made at every start. */
export type Fixtures = z.infer<typeof FixturesFile>;

/** Reads and checks a fixtures file; on failure, one line naming the file and what is wrong where. */
export function readFixtures(file: string): { ok: true; fixtures: Fixtures } | { ok: false; message: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return {
      ok: false,
      message: `sandbox: fixtures file ${file} cannot be read (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `sandbox: fixtures file ${file} is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = FixturesFile.safeParse(json);
  if (parsed.success) return { ok: true, fixtures: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.map(String).join('.') : 'the file';
  return { ok: false, message: `sandbox: fixtures file ${file}: ${where} ${issue?.message ?? 'is invalid'}` };
}
