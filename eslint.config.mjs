// Lint rules: typescript-eslint's type-aware recommendations, and the import boundaries that keep
// the core framework-free, the contract dependency-free and the browser away from server code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Imports of the project's own `folders` under src, by alias or by relative path. */
const INTERNAL = (...folders) => `^(@/|(\\.\\./)+)(${folders.join('|')})(/|$)`;

/**
 * `files` may not import what `pattern` (a gitignore-style `group` or a `regex`) matches; type imports too, unless
 * allowed.
 */
const boundary = (files, message, pattern, allowTypeImports = false) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ ...pattern, message, allowTypeImports }] }],
  },
});

export default tseslint.config(
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'node_modules/**',
      'src/generated/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      '.data/**',
      'bench/plain-next/.next/**',
      '.cache/**',
      'bench/plain-next/next-env.d.ts',
      'packages/*/dist/**',
    ],
  },
  // Programs of the packages' users: they run and are type-checked in the folders the packages are
  // installed into (test/integration/packages.test.ts), where their imports resolve.
  { ignores: ['test/package-consumers/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.mjs', 'bench/plain-next/*.mjs', 'src/cli/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `async` marks a function that answers a promise, as the port it implements asks, with or without an await
      // inside.
      '@typescript-eslint/require-await': 'off',
      // Prettier wraps code at 120; comments are wrapped by hand. Strings, templates, regular
      // expressions and URLs stay whole, so that a test's name or a message can be searched for.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
      // node:test's test() and describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  // Tests read HTTP answers as `any` on purpose: the assertions are the type check.
  {
    files: ['test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  boundary(['src/core/**'], 'The core is framework-free: it imports the contract and its own ports only.', {
    regex: `${INTERNAL('server', 'client', 'ui', 'app', 'generated')}|^(next|react|react-dom|@trpc|@prisma)(/|$)`,
  }),
  boundary(
    ['src/guard-kit/**'],
    "The guard kit runs inside other services: it imports jose, the contract and the core's rules only.",
    {
      regex: `${INTERNAL('server', 'client', 'ui', 'app', 'generated', 'cli')}|^@/|^(next|react|react-dom|@trpc|@prisma)(/|$)`,
    },
  ),
  boundary(['src/contract/**'], 'The contract imports only zod (and itself).', { regex: '^(?!zod$)(?!\\./)' }),
  boundary(['src/client/**'], 'The client for outside callers imports only the contract.', {
    regex: INTERNAL('core', 'server', 'ui', 'app', 'cli'),
  }),
  boundary(
    ['src/ui/**'],
    'Browser code imports server code only as types.',
    { regex: INTERNAL('server', 'cli') },
    true,
  ),
  // The service reads its environment in the configuration module only, where every variable is
  // parsed, defaulted and documented; the outside callers' client reads the one variable Next.js
  // inlines into browser bundles; the start program writes the rules it was started with (and
  // reads PORT and HOST) before the service reads anything. Scripts, examples and tests start
  // processes and may read it.
  {
    files: ['src/**'],
    ignores: ['src/core/config.ts', 'src/core/config-env.ts', 'src/client/base-url.ts', 'src/server/start.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment through src/core/config.ts (processEnvironment, parseConfig).',
        },
      ],
    },
  },
  // Destructured React props are the normal way to read callbacks; they never rely on `this`.
  { files: ['**/*.tsx'], rules: { '@typescript-eslint/unbound-method': 'off' } },
);
