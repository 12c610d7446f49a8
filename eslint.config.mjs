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
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  globalIgnores(['.next/**', 'node_modules/**', '.data/**', '.data-*/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts']),
]);
