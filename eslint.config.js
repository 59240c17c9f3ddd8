// ESLint flat config: type-aware typescript-eslint (strict + stylistic) for every workspace,
// import boundaries (docs/architecture.md), react-hooks and jsx-a11y for the web app.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** One zone per web feature: `features/x` may not import `features/y` (compose them in app/). */
function featureZones() {
  const featuresDir = path.join(root, 'apps/web/src/features');
  const features = fs.existsSync(featuresDir)
    ? fs
        .readdirSync(featuresDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
  return features.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature; compose them in apps/web/src/app.',
  }));
}

/** Package boundaries: hold everywhere, tests included. */
const PACKAGE_ZONES = [
  {
    target: './packages/shared',
    from: ['./apps', './e2e', './bench'],
    message: '@antrean/shared imports nothing from the apps.',
  },
  {
    target: './apps/web',
    from: './apps/server',
    message: 'The web app talks to the server over HTTP; share code through @antrean/shared.',
  },
  {
    target: './apps/server',
    from: './apps/web',
    message: 'The server does not import the web app.',
  },
];

/** The reference model and other test helpers in packages/shared/testing never ship. */
const TESTING_ZONES = [
  {
    target: ['./apps', './packages/shared/src'],
    from: './packages/shared/testing',
    message: 'packages/shared/testing is for tests only; production code does not import it.',
  },
];

/** Layers inside the web app (bulletproof-react style); tests may compose across them. */
const WEB_LAYER_ZONES = [
  ...featureZones(),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'app/ composes features, not the other way round.',
  },
  {
    target: [
      './apps/web/src/components',
      './apps/web/src/lib',
      './apps/web/src/config',
      './apps/web/src/locales',
    ],
    from: ['./apps/web/src/features', './apps/web/src/screens', './apps/web/src/app'],
    message: 'Shared web modules do not import features, screens or app/.',
  },
];

/** Layers inside the server: the live transport knows topics, sequence numbers, the hub and the bus, no use case. */
const SERVER_LAYER_ZONES = [
  {
    target: './apps/server/src/live',
    from: './apps/server/src/modules',
    message: 'live/ is transport only (topics, seq, hub, bus); the live use cases live in modules/live.',
  },
];

/** Node resolution with TypeScript sources; the web app also has its `@/*` tsconfig path. */
function resolver(tsconfig) {
  return createNodeResolver({
    extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx', '.json', '.node'],
    conditionNames: ['types', 'import', 'module', 'node', 'default'],
    ...(tsconfig ? { tsconfig: { configFile: path.join(root, tsconfig), references: 'auto' } } : {}),
  });
}

const JS_FILES = ['**/*.{js,mjs,cjs,jsx}'];
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', '**/test-setup.ts', 'e2e/**/*.ts'];

const NO_ENUMS = {
  selector: 'TSEnumDeclaration',
  message: 'Use a union of string literals (`as const` array) instead of an enum.',
};

/**
 * Every SQL statement lives in a `*.repository.ts`: elsewhere in the server, no Kysely values
 * (types are fine: `Selectable<…>`, `Transaction<…>`) and no query building. Besides repositories
 * and tests, only the database infrastructure builds statements: db/ (connection, dialect,
 * prepared queries, migrations, seed, ping) and the unit of work (lib/uow.ts, lib/group-commit.ts).
 */
const QUERY_BUILDING_ALLOWED = [
  'apps/server/src/**/*.repository.ts',
  'apps/server/src/db/**',
  'apps/server/src/lib/uow.ts',
  'apps/server/src/lib/group-commit.ts',
  ...TEST_FILES,
];
const NO_KYSELY_VALUES = {
  name: 'kysely',
  allowTypeImports: true,
  message: 'SQL lives in a *.repository.ts: call a repository function (types may be imported).',
};
const NO_QUERY_BUILDING = [
  {
    selector:
      'CallExpression[callee.type="MemberExpression"][callee.property.name=/^(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|with|withRecursive)$/]',
    message: 'Query building lives in a *.repository.ts: add or call a repository function.',
  },
  {
    selector: 'TaggedTemplateExpression[tag.name="sql"]',
    message: 'Raw SQL lives in a *.repository.ts: add or call a repository function.',
  },
];

export default defineConfig(
  {
    name: 'antrean/ignores',
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/.test-reports/**',
      'data/**',
      // Generated by `npm run db:types -w @antrean/server`.
      'apps/server/src/db/schema.ts',
    ],
  },

  // ── base: every file ──────────────────────────────────────────────────────────────────────
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    name: 'antrean/base',
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // Tool configs that no workspace tsconfig includes.
          allowDefaultProject: ['apps/*/vitest.config.ts', 'packages/*/vitest.config.ts'],
        },
        tsconfigRootDir: root,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      // What import-x parses to follow imports (no-cycle), and how it resolves them.
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
      'import-x/resolver-next': [resolver()],
    },
    rules: {
      curly: ['error', 'multi-line', 'consistent'],
      eqeqeq: ['error', 'always'],
      'no-console': 'warn',
      'no-restricted-syntax': ['error', NO_ENUMS],

      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, allowDefaultCaseForExhaustiveSwitch: true },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' },
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // No `as` outside mappers and tests (`as const` is fine; decisions §32). JSON and
      // device APIs are narrowed by type guards or schemas; the two framework boundaries that
      // need one (Fastify's validated request parts, its request decoration) say why inline.
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      // Fastify handlers and service functions are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      // `Number(count)` on database aggregates is deliberate: pg and SQLite disagree on the type.
      '@typescript-eslint/no-unnecessary-type-conversion': 'off',
      // `() => doSomething()` callbacks are everyday; `return voidCall()` in a block still reports.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Numbers in template strings are everyday (ports, counts, durations).
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],

      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'import-x/first': 'error',
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...PACKAGE_ZONES, ...TESTING_ZONES, ...WEB_LAYER_ZONES, ...SERVER_LAYER_ZONES] },
      ],
    },
  },

  // ── plain JS (configs, scripts): not in a tsconfig, so no type information ───────────────
  {
    name: 'antrean/js',
    files: JS_FILES,
    extends: [tseslint.configs.disableTypeChecked],
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },

  // ── packages/shared: pure TS + zod, runs in the browser and in Node ──────────────────────
  {
    name: 'antrean/shared',
    files: ['packages/shared/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'react',
                'react-dom',
                'react/*',
                'react-*',
                '@mantine/*',
                'fastify',
                'fastify-*',
                '@fastify/*',
                'kysely',
                'better-sqlite3',
                'pg',
              ],
              message:
                '@antrean/shared is pure TypeScript + zod: no Node built-ins, React, Fastify or Kysely.',
            },
          ],
        },
      ],
    },
  },

  // ── apps/server ───────────────────────────────────────────────────────────────────────────
  {
    name: 'antrean/server/routes',
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Routes are thin: no SQL here, call a service.' }],
          patterns: [
            {
              group: ['**/*.repository', '**/*.repository.ts'],
              message: 'Routes call services; repositories are the services’ business.',
            },
          ],
        },
      ],
    },
  },
  {
    name: 'antrean/server/services',
    files: ['apps/server/src/**/*.service.ts', 'apps/server/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', '@fastify/*'],
              message: 'Services and repositories never see Fastify types; take the actor and plain values.',
            },
          ],
        },
      ],
    },
  },
  {
    name: 'antrean/server/queries-in-repositories',
    files: ['apps/server/src/**/*.ts'],
    ignores: QUERY_BUILDING_ALLOWED,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [NO_KYSELY_VALUES] }],
      'no-restricted-syntax': ['error', NO_ENUMS, ...NO_QUERY_BUILDING],
    },
  },
  {
    // Services and jobs get the unit of work (ServiceDeps.uow): with the raw handle a query could
    // slip out of the transaction of its call chain (lib/uow.ts).
    name: 'antrean/server/services-use-the-unit-of-work',
    files: ['apps/server/src/**/*.service.ts', 'apps/server/src/jobs/**/*.ts'],
    ignores: QUERY_BUILDING_ALLOWED,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [NO_KYSELY_VALUES],
          patterns: [
            {
              group: ['**/db/database', '**/db/open', '**/db/read-pool'],
              message: 'Services and jobs get the UnitOfWork (deps.uow), never the database handle.',
            },
            {
              group: ['**/lib/deps'],
              importNames: ['Deps'],
              message: 'Services and jobs take ServiceDeps (the unit of work instead of the database).',
            },
            {
              group: ['**/lib/uow'],
              importNames: ['unitOfWork'],
              message: 'Services and jobs are given their unit of work (deps.uow); they do not make one.',
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen and written against Kysely<any> (Kysely's documented convention).
    name: 'antrean/server/migrations',
    files: ['apps/server/src/db/migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // ── apps/web: browser, React hooks, accessibility ─────────────────────────────────────────
  {
    name: 'antrean/web',
    files: ['apps/web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { 'import-x/resolver-next': [resolver('apps/web/tsconfig.json')] },
    rules: {
      'import-x/no-nodejs-modules': 'error',
      // `role` on our own components is the staff role (admin, caller, …), not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // JSX event handlers may be async (the promise is handled inside, e.g. by react-query).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },

  // ── mappers translate rows into API shapes: the one place for `as` in app code ──────────────
  {
    name: 'antrean/mappers',
    files: ['**/*.mapper.ts'],
    rules: { '@typescript-eslint/consistent-type-assertions': 'off' },
  },

  // ── tests: non-null assertions and `as` casts are fine when a test states what it expects;
  //    response bodies (`app.inject().json()`, `response.json()`) are `any` and are read directly,
  //    the assertions check them at run time. Explicit `any` stays forbidden. ─────────────────
  {
    name: 'antrean/tests',
    files: TEST_FILES,
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-assertions': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-empty-function': 'off',
      'import-x/no-nodejs-modules': 'off',
      // A test may render a component inside the app's providers or reuse another layer's fixtures.
      'import-x/no-restricted-paths': ['error', { zones: PACKAGE_ZONES }],
    },
  },

  // ── where printing is the job ─────────────────────────────────────────────────────────────
  {
    name: 'antrean/console-allowed',
    files: [
      'scripts/**',
      'bench/**',
      '**/*.mjs',
      'apps/server/src/cli.ts',
      'apps/server/src/main.ts',
      'apps/server/src/db/gen-types.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
