import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const CONCEPTS =
  'accounts|enrich|exports|fetch|http|imports|library|mcp|metrics|oauth|queue|ratelimit|realtime|search';
/** A relative import into the top-level folder(s) `folders` (a regular expression), from any depth. */
const into = (folders, message) => ({ regex: `^(\\.\\./)+(${folders})(/|$)`, message });
const SHARED_BY_CONTRACTS = 'Share it through contracts/.';
const SHARED_BY_UI = 'Move what both draw to ui/.';
const FROZEN = {
  regex: '(^|/)db/migrations/',
  message: 'Migrations are frozen as they ran; share a value through db/schema.ts.',
};

/**
 * The folders' boundaries (README "Architecture"), as no-restricted-imports patterns per group of files.
 * The groups do not overlap: ESLint keeps only the last options of a rule that several configs set.
 */
const BOUNDARIES = [
  { files: ['web/**'], patterns: [into('server', SHARED_BY_CONTRACTS), into('extension', SHARED_BY_UI)] },
  { files: ['extension/**'], patterns: [into('server', SHARED_BY_CONTRACTS), into('web', SHARED_BY_UI)] },
  {
    files: ['ui/**'],
    patterns: [
      into('server', SHARED_BY_CONTRACTS),
      into('web|extension', 'ui/ draws for both; it uses neither.'),
    ],
  },
  {
    files: ['contracts/**'],
    patterns: [{ regex: '^\\.\\./', message: 'contracts/ depends on nothing of Linkvault.' }],
  },
  {
    files: ['server/**'],
    ignores: ['server/db/**', 'server/library/**', 'server/queue/**'],
    patterns: [FROZEN],
  },
  {
    // The library owns links and their rules; enrichment, imports and the rest come to it, not it to them.
    files: ['server/library/**'],
    patterns: [FROZEN, into('enrich|imports|exports|mcp|oauth', 'The library uses no concept built on it.')],
  },
  {
    // The queue knows jobs, not what they are for: producers and the job runner come to it.
    files: ['server/queue/**'],
    ignores: ['server/queue/**/*.test.ts'],
    patterns: [FROZEN, into(CONCEPTS.replace('|queue', ''), 'The queue uses no concept: they use it.')],
  },
  {
    // The database layer serves every concept and knows none of them; only the migrator loads migrations.
    files: ['server/db/**'],
    ignores: ['server/db/migrate.ts', 'server/db/migrations/**'],
    patterns: [into(CONCEPTS, 'server/db/ knows no concept.'), { ...FROZEN, regex: '^\\./migrations/' }],
  },
  {
    files: ['server/db/migrate.ts', 'server/db/migrations/**'],
    patterns: [into(CONCEPTS, 'server/db/ knows no concept.')],
  },
].map(({ files, ignores = [], patterns }) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'e2e/screenshots/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'bench/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // inject().json() is untyped by design; tests assert on shapes instead of declaring them twice.
    files: ['**/*.test.ts', 'test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts', 'ui/**/*.tsx', 'ui/**/*.ts'],
    extends: [reactHooks.configs.flat.recommended],
  },
  ...BOUNDARIES,
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] },
);
