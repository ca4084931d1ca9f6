// Flat ESLint config. The import zones encode the architecture of DESIGN.md:
// features never import features or the app; shared code never imports features or the app;
// src/lib never imports UI code (components, layout); src/core imports nothing of the app; the
// mock backend imports no UI code and not the browser request client; the app never imports the
// generator or the CLI; generated code reaches into src/lib only for the request client (its
// single mutator); the generator's stages import only downward (parse ← model ← render; write
// takes files as data and imports only parse) and never the code that drives them. No import
// cycle anywhere, at any depth.
import { readdirSync } from 'node:fs';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/** Every folder under src/features: a new feature is in the zones without an edit here. */
const featureNames = readdirSync(new URL('./src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const sharedFolders = [
  './src/components',
  './src/core',
  './src/lib',
  './src/layout',
  './src/mocks',
  './src/locale',
];

/** Each feature folder may not import any other feature folder. */
const featureIsolationZones = featureNames.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message:
    'A feature never imports another feature; move shared code to src/components or src/lib.',
}));

/**
 * The generator's pipeline, parse → model → render → write: each stage may import the stages
 * before it (and the shared files at generator/'s top: types, json, errors, banner, list-files,
 * repo-root), never one after it; write gets the rendered files as data, so it imports neither
 * render nor model. generate.ts, cache.ts and index.ts drive the stages; scaffold/, verify/ and
 * bench/ use them: no stage imports those.
 */
const generatorStageZones = [
  {
    target: './generator/parse',
    from: ['./generator/model', './generator/render', './generator/write'],
  },
  { target: './generator/model', from: ['./generator/render', './generator/write'] },
  { target: './generator/render', from: './generator/write' },
  { target: './generator/write', from: ['./generator/render', './generator/model'] },
].map((zone) => ({
  ...zone,
  message:
    'A generator stage imports only the stages before it (parse ← model ← render; write ← parse).',
}));
const generatorDrivers = [
  './generator/generate.ts',
  './generator/cache.ts',
  './generator/index.ts',
  './generator/scaffold',
  './generator/verify',
  './generator/bench',
];

export default defineConfig(
  {
    ignores: [
      'node_modules',
      'dist',
      'coverage',
      'public/mockServiceWorker.js',
      'tests/fixtures/**/expected/**',
      '.scratch',
    ],
  },
  js.configs.recommended,
  {
    // Type-aware rules for every TypeScript file, with the types of one program over all of them
    // (tsconfig.watch.json: the three projects of `npm run typecheck` together, the same
    // options). The project service built a program per project, each over src and generated
    // again through the references, and checked their types once per program: 254–264 against
    // 216 CPU-seconds for the whole lint, with the same findings. A TypeScript file outside that
    // program is an error here: add it to the projects (and so to tsconfig.watch.json).
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        project: './tsconfig.watch.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // JavaScript files (this config) are outside the TypeScript program: the rules without types.
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.recommended, tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ['**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // Kept for DOM elements; the components (PrimeReact inputs, TextField) take autoFocus only in
      // a dialog or cell editor the user just opened, where focus belongs in it (WAI-ARIA dialog).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
      // The import plugin reads the modules it follows only with these extensions (its default is
      // .js alone), and never node_modules. Import cycles are found by scripts/import-cycles.ts
      // (part of `npm run lint`): one parse of each module instead of the rule's second one.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureIsolationZones,
            {
              target: sharedFolders,
              from: './src/features',
              message: 'Shared code never imports a feature.',
            },
            {
              target: './src/lib',
              from: ['./src/components', './src/layout'],
              message:
                'src/lib is below the UI: it never imports components or layout (move what both need to src/core or src/lib).',
            },
            {
              target: ['./src/features', ...sharedFolders],
              from: './src/app',
              message: 'Only the app composes; features and shared code never import it.',
            },
            {
              target: './src/core',
              from: './src',
              except: ['./core'],
              message: 'src/core is dependency-free: the generator, the app and the mock share it.',
            },
            {
              target: './src/mocks',
              from: ['./src/components', './src/layout', './src/features', './src/lib/request'],
              message: 'The mock backend imports no UI code and not the browser request client.',
            },
            {
              target: './src',
              from: ['./generator', './cli'],
              message: 'The app never imports the generator or the CLI.',
            },
            {
              target: './generated',
              from: './src/lib',
              except: ['./request', './rest-source'],
              message:
                'Generated code reaches into src/lib only for the request client and the REST source adapter.',
            },
            {
              target: './generated',
              from: ['./src/features', './src/app', './src/layout'],
              message: 'Generated code uses shared building blocks only.',
            },
            ...generatorStageZones,
            {
              target: [
                './generator/parse',
                './generator/model',
                './generator/render',
                './generator/write',
              ],
              from: generatorDrivers,
              message:
                'A generator stage never imports the code that drives it (generate, cache, index, scaffold, verify, bench).',
            },
          ],
        },
      ],
    },
  },
  {
    // The production build treats the app's own modules as free of import side effects
    // (vite.config.ts: a screen importing one block of a folder index loads that block alone), so
    // an import kept only for what the module does when loaded would be silently dropped there.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[specifiers.length=0][importKind!='type'][source.value=/^(\\.|@\\/|@generated\\/)(?!.*\\.css$)/]",
          message:
            'The build drops imports kept only for their side effects in src/: export a function and call it.',
        },
      ],
    },
  },
  {
    // Every package the code imports is declared in package.json (not reached through another
    // package's hoisted dependency); the app ships only `dependencies`, while tests, scripts, the
    // CLI, the generator, config files and the mock backend (src/mocks: the dev server's, the
    // demo's and `cli mock-server`'s, never in the production build) may also use `devDependencies`.
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'import/no-extraneous-dependencies': [
        'error',
        {
          devDependencies: [
            'tests/**',
            'scripts/**',
            'vite-plugins/**',
            'cli/**',
            'generator/**',
            'src/mocks/**',
            '*.config.{ts,js,mjs}',
          ],
          optionalDependencies: false,
          peerDependencies: false,
        },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      // Test doubles of async APIs are `async () => value`, like what they stand in for (a throw
      // rejects instead of escaping synchronously).
      '@typescript-eslint/require-await': 'off',
      // vitest's asymmetric matchers (expect.any, expect.stringMatching, …) are typed `any` by
      // design and sit in every expected object; a test's expectation is not data of the app.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // Generated files are checked for the import zones above but not for style: they are
    // rewritten by `cli generate` and reviewed through the templates instead.
    files: ['generated/**'],
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      'no-useless-escape': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // orval's hooks attach the query key to the object useQuery returned (its documented
      // `query.queryKey` pattern); the hand-written code keeps the rule.
      'react-hooks/immutability': 'off',
      // openapi-typescript and orval write `unknown | unknown` and `Schema & unknown` for the
      // contract's untyped `allOf`/`oneOf` members; the output is theirs, not a template's.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/no-duplicate-type-constituents': 'off',
    },
  },
  {
    // The demo's service worker: a classic worker script (importScripts, no modules).
    files: ['public/mock-worker.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
);
