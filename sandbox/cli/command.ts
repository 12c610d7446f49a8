import type { ControlClient, ControlError, ControlResult } from '../control-client/client';

export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  /** Shown in help as `--name <value>`. */
  value?: string;
  /** This option is another name of that one (kept so older command lines still work); the parser reads it under that name. */
  aliasOf?: string;
  description: string;
}

export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface RunInput {
  args: string[];
  values: Values;
  client: ControlClient;
  /** For a command that reports as it goes (`listen`): a line to stdout or stderr at once. */
  stdout(text: string): void;
  stderr(text: string): void;
  /** Aborted when the person stops the command (Ctrl-C). */
  signal: AbortSignal;
}

/**
 * What a command printed: `json` for --json, `text` for people; `printed` when it wrote its own
 * lines as it went and has nothing more for stdout. `text` is drawn only when asked for, so --json
 * prints whatever the sandbox answered even when the text for people could not be drawn from it.
 */
export type Outcome = { ok: true; json: unknown; text: () => string; printed?: true } | { ok: false; error: ControlError };

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

/**
 * Options kept under a second name (`aliasOf`) are read under the name they stand for, so a
 * command reads one name only; both names at once are refused, not guessed.
 */
export function foldAliases(options: Record<string, OptionSpec>, values: Values): void {
  for (const [alias, spec] of Object.entries(options)) {
    if (spec.aliasOf === undefined || values[alias] === undefined) continue;
    if (values[spec.aliasOf] !== undefined) throw new UsageError(`--${alias} and --${spec.aliasOf} are the same option: give one`);
    values[spec.aliasOf] = values[alias];
    delete values[alias];
  }
}

export function required(values: Values, name: string): string {
  const text = str(values, name);
  if (text === undefined) throw new UsageError(`--${name} is required`);
  return text;
}

const UNITS: Record<string, number> = { d: 86_400, h: 3600, m: 60, s: 1 };
const UNIT_ORDER = 'dhms';
const PART = /(\d+(?:\.\d+)?)([dhms])/g;
const DURATION_HELP = 'use e.g. 90, 90s, 15m, 2h30m, 1d2h or 150m (d, h, m, s, largest first, each once)';

/**
 * `90` (seconds), `90s`, `15m`, `2h30m`, `1d2h`, `150m` to seconds. Units run largest first, each at
 * most once, so `30m2h` or `2h2h` (more likely a typo than meant) is refused rather than summed.
 */
export function durationSeconds(text: string): number {
  const trimmed = text.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed);
  if (!/^(?:\d+(?:\.\d+)?[dhms])+$/.test(trimmed)) throw new UsageError(`"${text}" is not a duration: ${DURATION_HELP}`);
  let seconds = 0;
  let previous = -1;
  for (const [, amount = '', unit = ''] of trimmed.matchAll(PART)) {
    const rank = UNIT_ORDER.indexOf(unit);
    if (rank <= previous) throw new UsageError(`"${text}" is not a duration: ${DURATION_HELP}`);
    previous = rank;
    seconds += Number(amount) * (UNITS[unit] ?? 1);
  }
  return seconds;
}

/**
 * A time span option in whole seconds, written as any duration (`90`, `90s`, `5m`, `1h`); a span
 * that is not a whole number of seconds is refused, since the sandbox counts in seconds.
 */
export function durationOption(values: Values, name: string): number | undefined {
  const text = str(values, name);
  if (text === undefined) return undefined;
  const seconds = durationSeconds(text);
  if (!Number.isInteger(seconds)) throw new UsageError(`--${name} must be whole seconds, got "${text}" (${seconds} s)`);
  return seconds;
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
  return { ok: true, json: result.body ?? null, text: () => text(result.body) };
}
