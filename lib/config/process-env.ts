/**
 * The one place the process's environment is read or written: every other module asks lib/config
 * for a checked setting (settings.ts), so what a variable means is written once.
 */
export type Environment = Readonly<Record<string, string | undefined>>;

export function processEnvironment(): Environment {
  return process.env;
}

/** The environment a child process starts with: this one's, plus `extra`. */
export function childEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/** Hands a setting on to modules loaded after this point in the same process (the admin command). */
export function exportSetting(name: string, value: string): void {
  process.env[name] = value;
}

/** A development server (`next dev`), where React needs `eval` for its debugging aids. */
export function isDevelopmentServer(): boolean {
  return process.env.NODE_ENV === 'development';
}
