import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { landingReach } from './scripts/landing-reach.mjs';

/** The features (server and web): each is a room whose only door is its index.ts (its public face). */
const roomsIn = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const serverFeatures = roomsIn('src/server/features');
const webFeatures = roomsIn('src/web/features');

/**
 * The walls, checked on every `npm run lint` (import-x resolves the #aliases through tsconfig paths):
 * shared imports neither side; web never imports the server; db/ and lib/ import no feature; a feature
 * reaches another only through that feature's index.ts.
 */
const walls = [
  { target: './src/shared', from: ['./src/server', './src/web'], message: 'shared/ imports neither the server nor the web client.' },
  { target: './src/web', from: './src/server', message: 'The web client never imports the server.' },
  {
    target: './src/web/features',
    from: './src/web/app',
    message:
      'Web features never import app/: it imports them (the router loads the pages by import.meta.glob). Preload a page with #web/lib/page-preload; the site settings are in #web/lib/site-settings.',
  },
  {
    target: ['./src/web/lib', './src/web/components', './src/web/styles'],
    from: ['./src/web/features', './src/web/app'],
    message: 'web lib/ and components/ import no feature and not app/: features depend on them, never the other way.',
  },
  { target: './src/server', from: './src/web', message: 'The server never imports the web client.' },
];

/**
 * Rooms: db/ and lib/ import no feature; a feature reaches another only through its index.ts (its
 * public face). The composition root (app.ts, server.ts, schema.ts, seed*.ts, cli/) may import anything.
 */
const rooms = [
  {
    target: ['./src/server/db', './src/server/lib'],
    from: './src/server/features',
    message: 'db/ and lib/ import no feature: a feature depends on them, never the other way.',
  },
  ...serverFeatures.map((feature) => ({
    target: `./src/server/features/${feature}`,
    from: './src/server/features',
    except: [`./${feature}`, ...serverFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: `A feature reaches another only through its public face: import '#server/features/<name>' (its index.ts), not its files.`,
  })),
  // The web's rooms the same way: another feature's doors are its index.ts (public pages) and its
  // staff/index.ts (staff pages: kept apart so antd stays out of the public pages' chunks). A page needs
  // no door: the router imports the pages by import.meta.glob, and app/ composes.
  ...webFeatures.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`, ...webFeatures.filter((other) => other !== feature).flatMap((other) => [`./${other}/index.ts`, `./${other}/staff/index.ts`])],
    message: `A web feature reaches another only through its doors: import '#web/features/<name>' (its index.ts) or '#web/features/<name>/staff' (staff/index.ts), not its files.`,
  })),
];

/**
 * What the landing page's first view loads (scripts/landing-reach.mjs walks start-landing.tsx's static
 * imports): no router, no antd, no zod, no SurveyJS, or its 110 KB budget is gone. Types may be imported.
 */
const landingFiles = landingReach();
const notOnTheLandingPage = [
  'react-router',
  'react-router/*',
  'react-router-dom',
  'antd',
  'antd/*',
  '@ant-design/*',
  'zod',
  'zod/*',
  'survey-core',
  'survey-core/*',
  'survey-react-ui',
  'survey-react-ui/*',
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...walls, ...rooms] }],
      // Dynamic import() counts: a lazy route that imports its router back is still a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Migrations are frozen in time and typed against Kysely<any> on purpose.
    files: ['src/server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Imports reach other folders by alias (#server/…, #shared/…, #web/…), never by climbing two or more.
    files: ['src/**', 'tests/**', 'bench/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['../../*'], message: 'Import by alias: #server/…, #shared/… or #web/….' }] }] },
  },
  {
    // One-way imports: web → shared, server → shared, never between web and server.
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../*'], message: 'Import by alias.' },
            { regex: '^(#server/|(\\.\\./)+server/)', message: 'The web client never imports the server.' },
          ],
        },
      ],
    },
  },
  {
    files: landingFiles,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: notOnTheLandingPage,
              allowTypeImports: true,
              message:
                'The landing page loads this file (scripts/landing-reach.mjs): no react-router (Link from #web/lib/site-nav), antd, zod or SurveyJS here; import them from a lazily loaded module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../*'], message: 'Import by alias.' },
            { regex: '^(#web/|(\\.\\./)+web/)', message: 'The server never imports the web client.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../*'], message: 'Import by alias.' },
            { regex: '^(#web/|#server/|(\\.\\./)+(web|server)/)', message: 'shared/ imports neither the server nor the web client.' },
          ],
        },
      ],
    },
  },
);
