import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../*'], message: 'Import by alias.' }, { regex: '^(#server/|(\\.\\./)+server/)', message: 'The web client never imports the server.' }] }],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../*'], message: 'Import by alias.' }, { regex: '^(#web/|(\\.\\./)+web/)', message: 'The server never imports the web client.' }] }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../*'], message: 'Import by alias.' }, { regex: '^(#web/|#server/|(\\.\\./)+(web|server)/)', message: 'shared/ imports neither the server nor the web client.' }] }],
    },
  },
);
