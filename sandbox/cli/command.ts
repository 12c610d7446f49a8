import type { ControlClient, ControlError, ControlResult } from '../control-client/client';

export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  /** Shown in help as `--name <value>`. */
  value?: string;
  description: string;
}

export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface RunInput {
  args: string[];
  values: Values;
  client: ControlClient;
}

/** What a command printed: `json` for --json, `text` for people. */
export type Outcome = { ok: true; json: unknown; text: string } | { ok: false; error: ControlError };

export interface Command {
  summary: string;
  /** Positional arguments, in order, all required. */
  args?: string[];
  options?: Record<string, OptionSpec>;
  /** Extra lines for --help (examples, rules). */
  notes?: string[];
  run(input: RunInput): Promise<Outcome>;
}

/** A mistake in the command line itself (exit 2), as opposed to an error the sandbox answered. */
export class UsageError extends Error {}

export function str(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function list(values: Values, name: string): string[] {
  const value = values[name];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}

export const flag = (values: Values, name: string): boolean => values[name] === true;

export function int(values: Values, name: string): number | undefined {
  const text = str(values, name);
  if (text === undefined) return undefined;
  if (!/^-?\d{1,15}$/.test(text)) throw new UsageError(`--${name} must be a whole number, got "${text}"`);
  return Number(text);
}

export function required(values: Values, name: string): string {
  const text = str(values, name);
  if (text === undefined) throw new UsageError(`--${name} is required`);
  return text;
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `90`, `90s`, `15m`, `2h`, `3d` (decimals allowed) to seconds. */
export function durationSeconds(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([smhd]?)$/.exec(text.trim());
  if (!match) throw new UsageError(`"${text}" is not a duration: use e.g. 90, 90s, 15m, 2h or 3d`);
  return Number(match[1]) * (UNITS[match[2] || 's'] ?? 1);
}

/** `Name: value` (or `Name=value`) of a --header option. */
export function headerPairs(values: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const item of values) {
    const match = /^([^:=]+)[:=]\s?(.*)$/.exec(item);
    if (!match?.[1]) throw new UsageError(`--header "${item}" must look like "Name: value"`);
    headers[match[1].trim()] = match[2] ?? '';
  }
  return headers;
}

/** The outcome of one control call; `text` renders its answer for people. */
export async function outcome<T>(call: Promise<ControlResult<T>>, text: (answer: T) => string): Promise<Outcome> {
  const result = await call;
  if (!result.ok) return { ok: false, error: result.error };
  return { ok: true, json: result.body ?? null, text: text(result.body) };
}
