// Lint rules, including the layer boundaries: src-shared imports nothing of the other layers,
// Node or Electron; src-renderer never reaches into src-main or Node; src-main never reaches into
// the renderer, and only src-main/electron may import Electron.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  mayImport,
  orderFolder,
  processMayImport,
  SRC_MAIN_ALLOWED,
} from './scripts/srcMainOrder.mjs';

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

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const srcMainRoot = path.join(repoRoot, 'src-main');

/** A file or an import as the process rules name it: a path from the repository's root without
 *  its ending, with forward slashes. */
const fromRoot = (file) =>
  path
    .relative(repoRoot, file)
    .split(path.sep)
    .join('/')
    .replace(/\.(ts|mjs|js)$/, '');

/** The folder of src-main a file (or, for an import of a folder's index, the folder) is in;
 *  undefined outside src-main or at its top. */
function srcMainFolder(file, folderItself = false) {
  const rel = path.relative(srcMainRoot, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  return parts.length > 1 || folderItself ? orderFolder(parts) : undefined;
}

const layersPlugin = {
  rules: {
    order: {
      meta: {
        type: 'problem',
        messages: {
          upward:
            'src-main/{{from}} may not import from src-main/{{to}}: each folder imports only the folders its allow-list in scripts/srcMainOrder.mjs names (docs/architecture.md, "Import order inside src-main").',
          unknown:
            'src-main/{{folder}} has no place in the folder order: add its allow-list to SRC_MAIN_ALLOWED in scripts/srcMainOrder.mjs and to docs/architecture.md.',
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
            if (!(folder in SRC_MAIN_ALLOWED))
              return context.report({ node, messageId: 'unknown', data: { folder } });
          if (!mayImport(from, to))
            context.report({ node, messageId: 'upward', data: { from, to } });
        };
        return visitImports(check);
      },
    },
    // The Electron processes' own rules (ELECTRON_PROCESSES in scripts/srcMainOrder.mjs).
    process: {
      meta: {
        type: 'problem',
        messages: {
          refused:
            '{{file}} may not import {{target}}: its process has rules of its own (ELECTRON_PROCESSES in scripts/srcMainOrder.mjs, docs/architecture.md "Which process does what, and why").',
        },
        schema: [],
      },
      create(context) {
        const file = fromRoot(context.filename);
        const check = (node, source) => {
          if (typeof source !== 'string') return;
          const target = source.startsWith('.')
            ? fromRoot(path.resolve(path.dirname(context.filename), source))
            : source;
          if (!processMayImport(file, target))
            context.report({ node, messageId: 'refused', data: { file, target } });
        };
        return visitImports(check);
      },
    },
  },
};

/** The visitors of every kind of import and re-export, handing each source to `check`. */
function visitImports(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
    ExportAllDeclaration: (node) => check(node, node.source.value),
    ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
  };
}

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
    rules: { 'layers/order': 'error', 'layers/process': 'error' },
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
