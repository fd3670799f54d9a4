// Lint rules, including the layer boundaries: src-shared imports nothing of the other layers,
// Node or Electron; src-renderer never reaches into src-main or Node; src-main never reaches into
// the renderer, and only src-main/electron may import Electron.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'http',
  'https',
  'net',
  'crypto',
  'url',
  'stream',
  'worker_threads',
];

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'release/',
      'test-results/',
      'playwright-report/',
      'src-main/journal/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src-shared/**'],
    rules: restrict(
      ['**/src-main/**', '**/src-renderer/**', 'electron', ...nodeBuiltins],
      'src-shared is the contract: it may not import Node, Electron, or another layer.',
    ),
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: globals.browser },
    rules: restrict(
      ['**/src-main/**', 'electron', ...nodeBuiltins],
      'src-renderer runs in a sandboxed page: talk to src-main through window.api only.',
    ),
  },
  {
    files: ['src-main/**'],
    languageOptions: { globals: globals.node },
    rules: restrict(
      ['**/src-renderer/**', 'electron'],
      'Services in src-main know nothing of the renderer or of Electron; Electron code lives in src-main/electron.',
    ),
  },
  {
    files: ['src-main/electron/**'],
    rules: restrict(
      ['**/src-renderer/**'],
      'The Electron layer loads the renderer by URL, never by import.',
    ),
  },
  {
    files: ['test/**', 'bench/**', 'scripts/**', '*.config.ts', '*.config.js'],
    languageOptions: { globals: globals.node },
  },
);
