// Lint for the whole repository. The import rules enforce the one-way dependencies of the
// architecture: contracts ← api, contracts ← web; contracts stay runtime-neutral.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const SERVER_ONLY = ['fastify', '@fastify/*', 'pg', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/pglite', 'node:*'];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', '**/.react-router/**', 'data/**', 'gallery/**', 'test-results/**', 'scripts/.tmp-*'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@wl/api', '@wl/api/*', '@wl/web', '@wl/web/*', '**/api/**', '**/web/**'], message: 'contracts import nothing of the api or the web' },
            { group: [...SERVER_ONLY, 'react', 'react-dom', 'react-router'], message: 'contracts run in the browser and on the server: keep them free of runtime-specific packages' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/api/**/*.ts', 'packages/api/**/*.mjs'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@wl/web', '@wl/web/*', '**/web/app/**'], message: 'the api never imports the web site (it loads its build at run time)' }] },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@wl/api', '@wl/api/*', '**/api/src/**'], message: 'the web talks to the api only through the contracts (context.api or HTTP)' },
            { group: SERVER_ONLY, message: 'server-only packages never reach the web site' },
          ],
        },
      ],
    },
  },
  {
    // React Router keeps *.server modules (and entry.server) out of the browser bundle, failing the
    // build if client code imports one; there, in the web's tests and in its build configuration
    // (run by Node), Node's modules are fine.
    files: ['packages/web/**/*.server.{ts,tsx}', 'packages/web/test/**/*.{ts,tsx}', 'packages/web/*.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@wl/api', '@wl/api/*', '**/api/src/**'], message: 'the web talks to the api only through the contracts (context.api or HTTP)' }] },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.ts', '**/*.test.ts', 'packages/api/src/main.ts', 'packages/api/build.mjs'],
    rules: { 'no-console': 'off' },
  },
);
