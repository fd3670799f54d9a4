// Lint rules, including the layer boundaries: src-shared imports nothing of the other layers,
// Node or Electron; src-renderer never reaches into src-main or Node; src-main never reaches into
// the renderer, and only src-main/electron may import Electron.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SRC_MAIN_RANKS } from './scripts/srcMainOrder.mjs';

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

const srcMainRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src-main');

/** The folder of src-main a file (or, for an import of a folder's index, the folder) is in;
 *  undefined outside src-main or at its top. */
function srcMainFolder(file, folderItself = false) {
  const rel = path.relative(srcMainRoot, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  return parts.length > 1 || folderItself ? parts[0] : undefined;
}

const layersPlugin = {
  rules: {
    order: {
      meta: {
        type: 'problem',
        messages: {
          upward:
            'src-main/{{from}} may not import from src-main/{{to}}: the order is util ← api, journal, workbook, sandbox ← engine, base ← kinds ← services ← cli, electron, host (docs/architecture.md).',
          unknown:
            'src-main/{{folder}} has no place in the folder order: add it to SRC_MAIN_RANKS in eslint.config.js and to docs/architecture.md.',
        },
        schema: [],
      },
      create(context) {
        const from = srcMainFolder(context.filename);
        if (!from) return {};
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = srcMainFolder(path.resolve(path.dirname(context.filename), source), true);
          if (!to || to === from) return;
          for (const folder of [from, to])
            if (!(folder in SRC_MAIN_RANKS))
              return context.report({ node, messageId: 'unknown', data: { folder } });
          if (SRC_MAIN_RANKS[to] >= SRC_MAIN_RANKS[from])
            context.report({ node, messageId: 'upward', data: { from, to } });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) =>
            node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};

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
    files: ['src-main/**/*.ts'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/order': 'error' },
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
