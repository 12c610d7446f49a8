// Replaced by the package's build (build.mjs) with the commands the installed package provides.
declare const SANDBOX_SERVER_COMMAND: string | undefined;
declare const SANDBOX_CLI_COMMAND: string | undefined;

/** How each program is started where it runs: the installed package's commands, or this repository's npm scripts. */
export const PROGRAM_NAMES = {
  server: typeof SANDBOX_SERVER_COMMAND === 'string' ? SANDBOX_SERVER_COMMAND : 'npm run sandbox --',
  cli: typeof SANDBOX_CLI_COMMAND === 'string' ? SANDBOX_CLI_COMMAND : 'npm run sandbox:cli --',
};
