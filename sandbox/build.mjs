// `npm pack` ships JavaScript: the server and the command line, each one file with what they use of
// ../contract inside, and every package from the registry left to `dependencies`. Installing the
// tarball then needs no TypeScript runner.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
rmSync(new URL('dist', import.meta.url), { recursive: true, force: true });

await build({
  absWorkingDir: here,
  entryPoints: { server: 'main.ts', cli: 'cli/main.ts' },
  outdir: 'dist',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: '#!/usr/bin/env node' },
  // The names the installed commands go by, for help and error lines.
  define: {
    SANDBOX_SERVER_COMMAND: JSON.stringify('partner-api-sandbox'),
    SANDBOX_CLI_COMMAND: JSON.stringify('partner-api-sandbox-cli'),
  },
  logLevel: 'warning',
});
