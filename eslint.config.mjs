// The walls the code keeps by itself (docs/adr/0017-walls-lint-and-boundaries.md): typed lint rules
// for TypeScript, the rules of hooks, accessibility in JSX, and the import boundaries between
// packages. `npm run lint` runs it; `npm test` runs it first.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['calls', 'campaigns', 'communication', 'contacts', 'data', 'events', 'financials', 'lists', 'marketing'];

/**
 * The frontends take only types from the contract's response schemas (`<feature>.responses.ts`): a
 * value import would put the schemas in a browser bundle, which never parses a response
 * (docs/adr/0014-page-weight.md, docs/adr/0020-the-contract-package.md). Part of each frontend
 * block's no-restricted-imports, since a later block's options replace an earlier one's.
 */
const RESPONSE_SCHEMAS_AS_TYPES = {
  regex: '^@caucus/contract/.+\\.responses$|/contract/src/.+\\.responses(\\.ts)?$',
  allowTypeImports: true,
  message: 'A frontend imports only types from the response schemas (`import type`): the schemas stay out of its bundle.',
};

const CONTRACT_IMPORTS_ONLY_ITSELF = {
  regex: '^\\.\\./|^@caucus/(?!contract)',
  message: 'The contract is bundled into every frontend: it imports nothing of the API or the apps, only zod and other contract files.',
};

/** A remote is deployed alone: it imports no other remote, nor the API's code (only its contract). */
function remoteBoundary(remote) {
  const others = REMOTES.filter((name) => name !== remote);
  return {
    files: [`mfe-${remote}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: others.flatMap((name) => [`mfe-${name}`, `mfe-${name}/**`, `**/mfe-${name}/**`]),
              message: 'A remote never imports another remote: share through @caucus/design-system, @caucus/platform or the contract.',
            },
            { regex: '^@caucus/api|/api/src/', message: 'A remote imports nothing of the API, only its contract (@caucus/contract).' },
            { group: ['shell', 'shell/**', '**/shell/src/**'], message: 'A remote never imports the shell: it receives what it needs through the session.' },
            RESPONSE_SCHEMAS_AS_TYPES,
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-prerender/**',
      'site/**',
      'data/**',
      '**/storybook-static/**',
      '**/coverage/**',
      '.e2e-artifacts/**',
      'bench/results/**',
      'scripts/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // The sanitisers name control characters on purpose: they are what the text rules refuse
      // (contract/src/common.ts) and what file names and .fec files must not hold.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{js,ts,tsx}', 'e2e/**/*.js', '**/test/**/*.{js,ts,tsx}', 'scripts/jest/**/*.js'],
    languageOptions: { globals: { ...globals.jest } },
    // Jest loads a module synchronously inside isolateModules and describe.each: require() there.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Type information: promises that nobody awaits or catches are the bugs these find.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ['design-system/.storybook/main.ts'] }, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Not in arguments: knex's `.where((q) => q.where(...))` returns its builder, a thenable the rule
      // takes for a promise; nor in JSX handlers, where React ignores what a handler returns.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false, arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['**/*.tsx', 'shell/**/*.ts', 'mfe-*/**/*.ts', 'design-system/**/*.ts', 'platform/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.configs.recommended.rules,
      // A scrolling table or grid is a named region (or group) that takes focus so the keyboard can
      // scroll it: axe's scrollable-region-focusable asks for exactly that.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region', 'group'] }],
      // A table that stacks into label/value lines on a phone (display: block) loses its table
      // semantics in browsers unless its parts state their roles: those roles are said on purpose.
      'jsx-a11y/no-redundant-roles': ['error', { thead: ['rowgroup'], tbody: ['rowgroup'], table: ['table'] }],
      'jsx-a11y/no-interactive-element-to-noninteractive-role': [
        'error',
        { tr: ['none', 'presentation', 'row'], td: ['cell'], th: ['columnheader', 'rowheader'] },
      ],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'platform/**/*.{ts,tsx}', 'design-system/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [RESPONSE_SCHEMAS_AS_TYPES] }] },
  },
  ...REMOTES.map(remoteBoundary),
  {
    files: ['contract/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CONTRACT_IMPORTS_ONLY_ITSELF] }] },
  },
  {
    // What the frontends import of the contract (index.ts, the feature files) takes only types from
    // the response schemas, so that importing it never brings them along; the response files import
    // each other's schemas.
    files: ['contract/src/**/*.ts'],
    ignores: ['contract/src/**/*.responses.ts', 'contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            CONTRACT_IMPORTS_ONLY_ITSELF,
            {
              regex: '\\.responses$',
              allowTypeImports: true,
              message: 'The frontends import this file: it takes only types from the response schemas (`import type`), which stay out of their bundles.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/db/migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^\\.\\./', message: 'A migration is history: it imports nothing of the app (inline what it borrows, frozen as it was).' }],
        },
      ],
    },
  },
  {
    files: ['design-system/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@caucus/api', '@caucus/api/**', 'shell', 'shell/**', 'mfe-*', 'mfe-*/**', '**/api/src/**', '**/shell/src/**', '**/mfe-*/**'],
              message: 'The design system serves every app: it imports none of them.',
            },
            {
              group: ['@caucus/platform', '@caucus/platform/**', '**/platform/src/**', 'jotai', 'jotai/**', '@tanstack/react-query'],
              message: 'The design system is UI only: state, sessions and the API client live in @caucus/platform.',
            },
            RESPONSE_SCHEMAS_AS_TYPES,
          ],
        },
      ],
    },
  },
  {
    files: ['platform/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@caucus/api', '@caucus/api/**', 'shell', 'shell/**', 'mfe-*', 'mfe-*/**', '**/api/src/**', '**/shell/src/**', '**/mfe-*/**'],
              message: 'The platform serves every app: it imports none of them (only the design system for its UI).',
            },
            RESPONSE_SCHEMAS_AS_TYPES,
          ],
        },
      ],
    },
  },
);
