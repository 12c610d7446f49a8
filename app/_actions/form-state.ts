import { z } from 'zod';
import { errorState } from '@/app/_actions/define-action';
import type { DisplayError } from '@/app/_errors/display-error';

/** What a small form shows after a submit: nothing yet, what was done, or what went wrong. */
export type FormState =
  { status: 'idle' } | { status: 'done'; message: string } | { status: 'error'; error: DisplayError; kept?: Record<string, string> };

/** A refusal that hands back what was typed, so the form shows it again instead of an empty field (never a password). */
export function refusedKeeping(kept: Record<string, string>, title: string, message: string): Extract<FormState, { status: 'error' }> {
  return { status: 'error', error: { title, message }, kept };
}

/** The named fields as typed, for `refusedKeeping` when the input itself was refused. */
export function typed(formData: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(formData.get(name) ?? '')]));
}

export const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Check the fields.';

export const done = (message: string): FormState => ({ status: 'done', message });

/** No session, or a role that may not change this: said as the form's error. */
export const refused = (error: DisplayError): FormState => errorState(error);

export const incomplete = (): FormState =>
  errorState({ title: 'Nothing was changed', message: 'The form was incomplete or out of date. Reload the page and try again.' });

export const idOf = (formData: FormData, name: string) => String(formData.get(name) ?? '');

export const idSchema = z.object({ id: z.coerce.number().int().positive() });
