import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const webSrc = './apps/web/src';
/**
 * Which features each web feature may use. It is a one-way map (checked below): a circle between
 * features would make neither readable on its own. A new feature adds its line here.
 */
const featureDependencies = {
  auth: [],
  contact: [],
  home: [],
  messages: ['auth'],
  addresses: ['auth'],
  buying: ['addresses', 'auth', 'messages'],
  payments: ['auth'],
  catalogue: ['auth', 'buying'],
  listings: ['auth', 'buying', 'catalogue'],
  admin: ['auth', 'buying', 'catalogue'],
  notifications: [],
  payouts: [],
  questions: ['auth'],
  'web-vitals': [],
};

const features = readdirSync(`${webSrc}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const feature of features) {
  if (!(feature in featureDependencies))
    throw new Error(`eslint.config.js: add features/${feature} to featureDependencies`);
}
const assertOneWay = (feature, path = []) => {
  if (path.includes(feature))
    throw new Error(`eslint.config.js: features depend in a circle: ${[...path, feature].join(' → ')}`);
  for (const next of featureDependencies[feature]) assertOneWay(next, [...path, feature]);
};
for (const feature of features) assertOneWay(feature);

/**
 * The web's layers import one way: app (routes) → features → shared code (components, lib,
 * config). A feature uses another only if the map above allows it, and then only through that
 * feature's index.ts, so each feature's insides can change freely. import-x/no-cycle also refuses
 * circles between single modules.
 */
const webBoundaries = [
  ...features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) =>
        featureDependencies[feature].includes(other)
          ? {
              target: `${webSrc}/features/${feature}`,
              from: `${webSrc}/features/${other}`,
              except: ['./index.ts'],
              message: `Import the ${other} feature through its index.ts ('@/features/${other}').`,
            }
          : {
              target: `${webSrc}/features/${feature}`,
              from: `${webSrc}/features/${other}`,
              message: `The ${feature} feature may not use ${other} (featureDependencies in eslint.config.js keeps features one-way).`,
            },
      ),
  ),
  {
    target: `${webSrc}/app`,
    from: `${webSrc}/features`,
    // queries.ts: the query options route loaders start before a page's code has arrived.
    // notifications/bell.ts: the header's lazily loaded bell, without the rest of the feature.
    except: [
      ...features.flatMap((feature) => [`./${feature}/index.ts`, `./${feature}/queries.ts`]),
      './notifications/bell.ts',
    ],
    message: "Routes use a feature through its index.ts ('@/features/<name>'), loaders through its queries.ts.",
  },
  ...['components', 'lib', 'config'].map((shared) => ({
    target: `${webSrc}/${shared}`,
    from: [`${webSrc}/features`, `${webSrc}/app`],
    message: 'Shared code does not import features or routes: pass what it needs in from the caller.',
  })),
  {
    target: `${webSrc}/features`,
    from: `${webSrc}/app`,
    message: 'Features do not import routes: the route composes the features.',
  },
];

const apiSrc = './apps/api/src';
const apiModules = readdirSync(`${apiSrc}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleDoors = apiModules.map((module) => `./${module}/index.ts`);

/**
 * The API's layers (docs/ARCHITECTURE.md): each module under modules/<x>/ is used by the rest of
 * the API (other modules, app.ts, jobs, cli, tests) only through its index.ts, its one door. Inside
 * a module, routes → services → repositories → db/: a repository imports only db/ and lib/, a
 * service no routes. plugins/, lib/, db/ and adapters/ import no module: app.ts hands them what
 * they need. import-x/no-cycle keeps modules one-way (payments → orders, auth → users).
 */
const apiBoundaries = [
  ...apiModules.map((module) => ({
    target: `${apiSrc}/modules/${module}`,
    from: `${apiSrc}/modules`,
    except: [`./${module}`, ...moduleDoors.filter((door) => door !== `./${module}/index.ts`)],
    message: "Use another module through its index.ts ('../<module>/index.ts'), its one door.",
  })),
  {
    target: [
      `${apiSrc}/app.ts`,
      `${apiSrc}/server.ts`,
      `${apiSrc}/jobs`,
      `${apiSrc}/cli`,
      './apps/api/test',
      './bench',
    ],
    from: `${apiSrc}/modules`,
    except: moduleDoors,
    message: "Use a module through its index.ts ('modules/<module>/index.ts'), its one door.",
  },
  {
    target: `${apiSrc}/modules/**/*.repository.ts`,
    from: [`${apiSrc}/modules/**/!(*.repository).ts`],
    message: 'A repository imports only db/ and lib/ (and repositories of its own module): services call it.',
  },
  {
    target: `${apiSrc}/modules/**/!(*.routes|index).ts`,
    from: [`${apiSrc}/modules/**/*.routes.ts`],
    message: 'Only routes (and the door) import routes: a service takes plain values, never the HTTP layer.',
  },
  {
    target: [
      `${apiSrc}/plugins`,
      `${apiSrc}/lib`,
      `${apiSrc}/db/**/!(*.test).ts`,
      `${apiSrc}/adapters`,
      `${apiSrc}/config.ts`,
      `${apiSrc}/errors.ts`,
    ],
    from: `${apiSrc}/modules`,
    message: 'plugins/, lib/, db/ and adapters/ import no module: app.ts passes in what they need.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
    settings: {
      // no-cycle reads the modules an import leads to, so it needs the TypeScript parser for them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './apps/web/tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // `role` on our own components is a prop (<RequireRole role="seller">), not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // The dashboard tables name their parts' roles: as cards (display:block/grid on a narrow
      // screen) a table would otherwise lose its table semantics in some browsers (decision 0030).
      'jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], thead: ['rowgroup'], tbody: ['rowgroup'] }],
      'jsx-a11y/no-interactive-element-to-noninteractive-role': [
        'error',
        { tr: ['none', 'presentation'], canvas: ['img'], td: ['cell'] },
      ],
      // Schemas are built with the contract's `z`, which parses jitless in browsers (strict CSP).
      'import-x/no-restricted-paths': ['error', { zones: webBoundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "Import `z` from '@recell/contract' (decision 0025).", allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './apps/api/tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: apiBoundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A service or repository runs in a request and in a job alike: it takes plain values.
    files: ['apps/api/src/modules/**/*.{service,repository}.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              importNames: ['FastifyInstance', 'FastifyReply', 'FastifyRequest'],
              message: 'A service takes plain values: the routes read the request and write the reply.',
            },
          ],
        },
      ],
    },
  },
);
