import fs from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// lib/ is layered: a folder imports only from folders in lower layers (or its own layer), so no
// arrow between folders points back. docs/dashboard/layers.md says what each layer holds.
const LIB_LAYERS = [['ui', 'config', 'partner', 'credentials', 'http'], ['db'], ['connection'], ['audit'], ['auth']];
const layered = LIB_LAYERS.flat();
// Every other folder of lib/ is a feature: it may use all of the layers above.
const features = fs
  .readdirSync('lib', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !layered.includes(entry.name))
  .map((entry) => entry.name);
const libLayerZones = LIB_LAYERS.map((layer, index) => ({
  target: layer.map((folder) => `./lib/${folder}`),
  from: [...LIB_LAYERS.slice(index + 1).flat(), ...features].map((folder) => `./lib/${folder}`),
  message: `lib/${layer.join(', lib/')} may import only from lower layers (docs/dashboard/layers.md): move the piece down, or the caller up.`,
}));

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      // The sandbox and the dashboard are two programs that meet only over HTTP.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './sandbox',
              from: ['./app', './lib', './components', './proxy.ts', './auth.ts'],
              message: 'The sandbox never imports dashboard code: talk over HTTP.',
            },
            {
              target: ['./app', './lib', './components', './proxy.ts', './auth.ts'],
              from: './sandbox',
              message: 'The dashboard reaches the sandbox only over HTTP through lib/partner.',
            },
            ...libLayerZones,
            {
              target: './lib',
              from: ['./app', './components'],
              message: 'lib/ answers in data and typed failures; wording and components live at the app edge (app/_errors, components).',
            },
            {
              target: './contract',
              from: ['./app', './lib', './components', './sandbox', './scripts'],
              message: 'contract/ holds the contract vocabulary both programs share; it imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    // A circle of imports makes module order matter and hides which side owns what.
    files: ['app/**', 'lib/**', 'components/**', 'scripts/**'],
    // Only our own modules can form a circle; packages are not followed.
    settings: { 'import/ignore': ['node_modules'] },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Pages, actions and route handlers reach the API through lib/<feature>, never the client itself.
    files: ['app/**', 'components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@/lib/connection/client', message: 'Call the API through lib/<feature> (e.g. lib/robots/robots.ts).' },
            { name: '@/lib/partner/client', message: 'Call the API through lib/<feature> (e.g. lib/robots/robots.ts).' },
            { name: '@/lib/partner', message: 'Call the API through lib/<feature>; import types from @/lib/partner/schemas.' },
          ],
        },
      ],
    },
  },
  {
    // Each environment variable is defined and checked once, in lib/config/settings.ts; everything
    // else asks lib/config. Tests set up environments of their own; the sandbox is its own program.
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: ['lib/config/**', 'tests/**', 'sandbox/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through lib/config (settings.ts lists every variable).' },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  globalIgnores([
    '.next/**',
    '.stryker-tmp/**',
    'node_modules/**',
    'sandbox/dist/**',
    '.data/**',
    '.data-*/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
  ]),
]);
