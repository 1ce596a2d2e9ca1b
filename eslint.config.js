// Lint for the whole repository. The import rules enforce the one-way dependencies of the
// architecture: contracts ← api, contracts ← web; contracts stay runtime-neutral.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const SERVER_ONLY = ['fastify', '@fastify/*', 'pg', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/pglite', 'node:*'];
/** What the house studio may not import: the platform's packages (it speaks to them over HTTP only). */
const STUDIO_OUTSIDE = ['@wl/api', '@wl/api/*', '@wl/web', '@wl/web/*', '**/api/src/**', '**/web/app/**'];


/**
 * The site's shared folders (ADR 0060): any module may import them, and they import no feature.
 * shared/ holds the UI pieces, formatting, form helpers, hooks and data loading every feature uses.
 */
export const WEB_SHARED = ['shared', 'client', 'i18n', 'lib', 'theme', 'device', 'security', 'document', 'deploy', 'seo', 'analytics', 'styles'];
/**
 * The site's features, each with the modules it offers the others (ADR 0060): a feature imports
 * another only through these. routes/, root.tsx and the entries compose the features (any module).
 */
export const WEB_FEATURES = {
  account: [],
  banking: [],
  content: ['sanitize.server.ts', 'cms-body.ts'],
  floating: ['FloatingLayer.tsx', 'rewards.ts'],
  frame: ['Navigation.tsx'],
  games: ['GameTile.tsx'],
  history: ['labels.ts'],
  home: ['GameSection.tsx'],
  lobby: [],
  play: ['use-live-balance.ts', 'use-game-launcher.ts'],
  player: ['FavouriteButton.tsx', 'VipProgress.tsx'],
  promotions: [],
  qr: ['qr-code.ts', 'QrImage.tsx'],
  responsible: ['TakeABreak.tsx'],
  rewards: [],
  'rewards-vip': [],
  shell: ['AuthModals.tsx', 'RealityCheck.tsx', 'ClientShell.tsx', 'AccountActions.tsx', 'forms/use-countdown.ts', 'forms/account-fields.tsx'],
  sports: ['BetDisplay.tsx', 'BetslipLayout.tsx', 'PriceToggle.tsx', 'board.ts', 'use-live-matches.ts'],
  verification: ['documents.ts'],
};
const WEB_APP = './packages/web/app';

/** The API's features (ADR 0027); http/, docs/, demo/ and the top-level files compose them. */
const API_FEATURES = ['accounts', 'banking', 'catalogue', 'compliance', 'content', 'games', 'ledger', 'media', 'rewards', 'responsible', 'security', 'sites', 'sports'];
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
    // No import circles in the server or the site (ADR 0027): a circle means two modules that
    // cannot be read, tested or moved apart. The rule follows value imports; tests/unit/import-graph
    // also checks type-only ones. Sources import '.js' names that are '.ts' files on disk.
    files: ['packages/api/src/**/*.ts', 'packages/web/app/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The server's layers (ADR 0027): shared helpers import nothing of the server, and nothing
    // imports the composition root (the app, its handler table, the server) but what starts it.
    // Features import each other only through their public module (<feature>/index.ts).
    files: ['packages/api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './packages/api/src/shared',
              from: './packages/api/src',
              except: ['./shared'],
              message: 'src/shared holds helpers every feature may use: it imports nothing of the features (ADR 0027).',
            },
            // A feature meets another only at its public module, <feature>/index.ts.
            ...API_FEATURES.map((feature) => ({
              target: API_FEATURES.filter((other) => other !== feature).map((other) => `./packages/api/src/${other}/**`),
              from: `./packages/api/src/${feature}`,
              except: ['./index.ts'],
              message: `features import each other only through the public module ${feature}/index.ts (ADR 0027).`,
            })),
            {
              target: ['./packages/api/src/!(http)/**', './packages/api/src/http/!(app|handlers).ts'],
              from: ['./packages/api/src/http/app.ts', './packages/api/src/http/handlers.ts', './packages/api/src/server.ts'],
              message: 'the app, its handler table and the server compose the features: nothing below them imports them (ADR 0027).',
            },
          ],
        },
      ],
    },
  },
  {
    // The site's layers (ADR 0060): shared folders import no feature and nothing that composes them;
    // features import each other only through the modules they declare (WEB_FEATURES).
    files: ['packages/web/app/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: WEB_SHARED.map((folder) => `${WEB_APP}/${folder}/**`),
              from: [...Object.keys(WEB_FEATURES).map((feature) => `${WEB_APP}/${feature}`), `${WEB_APP}/routes`, `${WEB_APP}/root.tsx`, `${WEB_APP}/entry.client.tsx`, `${WEB_APP}/entry.server.tsx`],
              message: 'the shared folders (shared/, client/, i18n/, lib/...) import no feature, route or root module: move what they need down into shared/ (ADR 0060).',
            },
            ...Object.entries(WEB_FEATURES).map(([feature, offered]) => ({
              target: Object.keys(WEB_FEATURES)
                .filter((other) => other !== feature)
                .map((other) => `${WEB_APP}/${other}/**`),
              from: `${WEB_APP}/${feature}`,
              except: offered.map((module) => `./${module}`),
              message: offered.length
                ? `another feature may import only what ${feature}/ offers (${offered.join(', ')}): WEB_FEATURES in eslint.config.js (ADR 0060); shared pieces belong in shared/.`
                : `${feature}/ offers nothing to other features (ADR 0060): shared pieces belong in shared/, composition in routes/.`,
            })),
          ],
        },
      ],
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
            {
              group: ['**/*.css?url'],
              message:
                "import styles for their side effect (import '../styles/x.css'): a file imported both ways gets another asset name in the client build than in the server's, and the page fails to hydrate",
            },
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
    // The house studio could run as a service of its own (ADR 0029): of this repository it imports
    // the contracts only. Its games and fair core also run in the browser (the verify page).
    files: ['packages/house-games/src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: STUDIO_OUTSIDE, message: 'the studio imports nothing of the platform but @wl/contracts (ADR 0029)' }] }],
    },
  },
  {
    files: ['packages/house-games/src/{games,fair}/**/*.ts', 'packages/house-games/src/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: STUDIO_OUTSIDE, message: 'the studio imports nothing of the platform but @wl/contracts (ADR 0029)' },
            { group: SERVER_ONLY, message: 'the games and the fair core run in the browser too (the verify page): no server-only packages' },
          ],
        },
      ],
    },
  },
  {
    // The house studio's game pages (packages/house-games/src/client) are a React app in the browser.
    files: ['packages/house-games/src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: STUDIO_OUTSIDE, message: 'the studio imports nothing of the platform but @wl/contracts (ADR 0029)' },
            { group: SERVER_ONLY, message: 'the game pages run in the browser: no server-only packages' },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.ts', '**/*.test.ts', 'packages/api/src/main.ts', 'packages/api/build.mjs'],
    rules: { 'no-console': 'off' },
  },
);
