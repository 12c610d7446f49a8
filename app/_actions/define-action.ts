import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import type { AuditAction } from '@/lib/audit/actions';
import { audited } from '@/lib/audit/record';
import type { Permission } from '@/lib/auth/permissions';
import { authorise, type SessionUser } from '@/lib/auth/session';
import { accessRefusal } from '@/app/_errors/access';
import type { DisplayError } from '@/app/_errors/display-error';

/**
 * What a change is called in the audit log and what it acts on. It is named from the raw input,
 * before the input is checked, so that a viewer refused it is logged with the target they tried.
 */
export type AuditName = { action: AuditAction; target: string };

type AuditExtras<T> = { detail?: string | null; describe?: (result: T) => string | null };

export type ActionContext<Data> = {
  user: SessionUser;
  data: Data;
  /** Runs a change at the API and logs it under this action's name: done, refused or failed. */
  audited: <T>(change: () => Promise<T>, extras?: AuditExtras<T>) => Promise<T>;
};

export type ActionSpec<Input extends unknown[], Schema extends z.ZodType, State> = {
  /** `view` only for what changes nothing at the service; everything else is `change`, which refuses viewers. */
  permission: Permission;
  audit?: (...input: Input) => AuditName;
  schema: Schema;
  /** The values the schema checks, taken out of the action's arguments (a form's fields). */
  input: (...input: Input) => unknown;
  /** The state the form shows when there is no session or the role may not do this. */
  refused: (error: DisplayError, ...input: Input) => State;
  /** The state the form shows for input the schema refused. */
  invalid: (error: z.ZodError, ...input: Input) => State;
  /** The state for a change that threw; without it the error reaches the error page. */
  failed?: (err: unknown, data: z.output<Schema>, ...input: Input) => State | Promise<State>;
};

/**
 * The one way to write a server action: the session and role are checked on the server (a refused
 * change is audited), the input goes through the schema, and the change is logged through
 * `audited`. Next's own redirects and not-founds thrown by `run` pass through untouched.
 */
export function defineAction<Input extends unknown[], Schema extends z.ZodType, State>(
  spec: ActionSpec<Input, Schema, State>,
  run: (ctx: ActionContext<z.output<Schema>>, ...input: Input) => Promise<State>,
): (...input: Input) => Promise<State> {
  return async (...input: Input): Promise<State> => {
    const name = spec.audit?.(...input);
    const access = await authorise(spec.permission, name?.action, name?.target);
    if (!access.ok) return spec.refused(accessRefusal(access.refusal), ...input);
    const parsed = spec.schema.safeParse(spec.input(...input));
    if (!parsed.success) return spec.invalid(parsed.error, ...input);
    const ctx: ActionContext<z.output<Schema>> = {
      user: access.user,
      data: parsed.data,
      audited: (change, extras = {}) => {
        if (!name) throw new Error('An action that changes something at the API names its audit entry.');
        return audited({ actor: access.user.email, action: name.action, target: name.target, ...extras }, change);
      },
    };
    try {
      return await run(ctx, ...input);
    } catch (err) {
      unstable_rethrow(err);
      if (!spec.failed) throw err;
      return spec.failed(err, parsed.data, ...input);
    }
  };
}

/** The usual refusal state of a form: `{ status: 'error', error }`. */
export const errorState = (error: DisplayError): { status: 'error'; error: DisplayError } => ({ status: 'error', error });

/** For an action that takes no input: nothing to check, so the schema cannot refuse. */
export const NO_INPUT = {
  schema: z.undefined(),
  input: (): undefined => undefined,
  invalid: (): never => {
    throw new Error('An action without input cannot have invalid input.');
  },
};
