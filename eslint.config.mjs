import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

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
    '.data/**',
    '.data-*/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
  ]),
]);
