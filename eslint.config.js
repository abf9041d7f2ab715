import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// The arrows of ARCHITECTURE.md: which workspace packages each layer may import. Anything not
// listed as allowed is an error, so a new arrow is a decision made here, not an accident.
const WORKSPACE_PACKAGES = [
  '@gy/design-system',
  '@gy/machines',
  '@gy/api',
  '@gy/audio',
  '@gy/app',
  '@gy/server',
]

// Globals only one platform has. Types already refuse them (each package's tsconfig names its
// environment); the lint rule says it where the code is written, and covers JavaScript files.
const BROWSER_ONLY_GLOBALS = [
  'window',
  'document',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'HTMLElement',
  'HTMLAudioElement',
  'MediaMetadata',
]
const NODE_ONLY_GLOBALS = [
  'process',
  'Buffer',
  'require',
  'module',
  '__dirname',
  '__filename',
  'global',
]

const noBrowser = BROWSER_ONLY_GLOBALS.map((name) => ({
  name,
  message: `${name} exists only in browsers; this layer runs elsewhere too (ARCHITECTURE.md). Take it through .provide() or an argument.`,
}))
const noNode = NODE_ONLY_GLOBALS.map((name) => ({
  name,
  message: `${name} exists only in Node; this layer runs in the browser too (ARCHITECTURE.md).`,
}))

/**
 * The import restrictions of one layer: every workspace package outside `allowed` (a package
 * name, or `name/*` for its subpaths only), plus `extra` patterns such as React or Node builtins.
 */
function layerImports(layer, allowed, extra = []) {
  const subpathOnly = allowed
    .filter((entry) => entry.endsWith('/*'))
    .map((entry) => entry.slice(0, -2))
  const forbidden = WORKSPACE_PACKAGES.filter(
    (name) => !allowed.includes(name) && !subpathOnly.includes(name),
  )
  return [
    'error',
    {
      paths: subpathOnly.map((name) => ({
        name,
        message: `${layer} imports ${name} by subpath (${name}/contract, ${name}/messages, ...), never its whole index.`,
      })),
      patterns: [
        ...forbidden.map((name) => ({
          group: [name, `${name}/*`],
          message: `${layer} may not import ${name}: arrows only point downwards (ARCHITECTURE.md).`,
        })),
        ...extra,
      ],
    },
  ]
}

const NODE_BUILTINS = {
  group: ['node:*'],
  message: 'Node builtins do not exist in every environment this layer runs in.',
}
const REACT = {
  group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@xstate/react'],
  message: 'Machines expose state; React belongs to the app (STYLE.md, "Machines").',
}

// Files that run in Node although they sit inside a platform-free or browser package.
const AUDIO_NODE_FILES = [
  'packages/audio/src/cli.ts',
  'packages/audio/src/**/*.test.ts',
  // The hosted-model engine speaks HTTP from Node (the server's engine threads): @gy/audio/hosted.
  'packages/audio/src/hosted/**',
  'packages/audio/bench/**',
]
const API_TESTS = ['packages/api/src/**/*.test.ts']
// What the server imports of the api package, by subpath (package.json "exports").
const API_SUBPATH_ENTRIES = [
  'contract',
  'messages',
  'aiMessages',
  'aiLimits',
  'constants',
  'envelope',
  'signing',
  'idNumber',
  'merkle',
].map((name) => `packages/api/src/${name}.ts`)
const BROWSER_CLIENT = {
  group: [
    'axios',
    'crypto-js',
    'crypto-js/*',
    './sign',
    './client',
    './errors',
    './storage',
    './images',
    './services/*',
    './index',
  ],
  message:
    'The server imports this module by subpath; it may not bring the browser client (axios, crypto-js) with it.',
}
const STORIES = [
  'packages/design-system/src/**/*.stories.tsx',
  'packages/design-system/src/stories/**',
]

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'storybook-static', 'data', 'test-artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },

  // Layers: one block per layer, so each file gets exactly one set of import restrictions
  // (ESLint replaces, not merges, a rule's options from a later block).
  {
    files: ['packages/design-system/**/*.{ts,tsx}'],
    ignores: STORIES,
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': layerImports('design-system', [], [NODE_BUILTINS]),
      'no-restricted-globals': ['error', ...noNode],
    },
  },
  {
    files: STORIES,
    languageOptions: { globals: globals.browser },
    rules: { 'no-restricted-imports': layerImports('design-system stories', []) },
  },
  {
    files: ['packages/machines/**/*.ts'],
    languageOptions: { globals: globals['shared-node-browser'] },
    rules: {
      'no-restricted-imports': layerImports('machines', [], [REACT, NODE_BUILTINS]),
      'no-restricted-globals': ['error', ...noBrowser, ...noNode],
    },
  },
  {
    files: ['packages/api/**/*.ts'],
    ignores: API_TESTS,
    languageOptions: { globals: globals['shared-node-browser'] },
    rules: {
      'no-restricted-imports': layerImports('api', [], [NODE_BUILTINS]),
      'no-restricted-globals': ['error', ...noBrowser, ...noNode],
    },
  },
  {
    files: API_SUBPATH_ENTRIES,
    rules: {
      'no-restricted-imports': layerImports(
        'api subpath entries',
        [],
        [NODE_BUILTINS, BROWSER_CLIENT],
      ),
    },
  },
  {
    files: API_TESTS,
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': layerImports('api tests', []) },
  },
  {
    files: ['packages/audio/**/*.ts'],
    ignores: AUDIO_NODE_FILES,
    languageOptions: { globals: globals['shared-node-browser'] },
    rules: {
      'no-restricted-imports': layerImports('audio', [], [NODE_BUILTINS]),
      'no-restricted-globals': ['error', ...noBrowser, ...noNode],
    },
  },
  {
    files: AUDIO_NODE_FILES,
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': layerImports('audio command line', []) },
  },
  {
    files: ['app/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': layerImports(
        'app',
        ['@gy/design-system', '@gy/machines', '@gy/api'],
        [NODE_BUILTINS],
      ),
      'no-restricted-globals': ['error', ...noNode],
    },
  },
  {
    // App tests run in Node under Vitest; a test may stand up a real HTTP server to talk to.
    files: ['app/src/**/*.test.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'no-restricted-imports': layerImports('app tests', [
        '@gy/design-system',
        '@gy/machines',
        '@gy/api',
      ]),
      'no-restricted-globals': 'off',
    },
  },
  {
    // The build's prerender step (app/src/prerender) renders the app's components in Node.
    files: ['app/src/prerender/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'no-restricted-imports': layerImports('app prerender', [
        '@gy/design-system',
        '@gy/machines',
        '@gy/api',
      ]),
      'no-restricted-globals': 'off',
    },
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      // @gy/machines: the registration status machine decides which status changes the server
      // accepts, the same machine the pages read (issue 15); machines touch no DOM or network.
      'no-restricted-imports': layerImports('server', ['@gy/api/*', '@gy/audio', '@gy/machines']),
      'no-restricted-globals': ['error', ...noBrowser],
    },
  },
  {
    // The server's benchmarks drive Chromium too; what they pass to page.evaluate runs in the page.
    files: ['server/bench/**/*.ts', 'server/bench.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['e2e/**/*.ts'],
    // Node drives the browser; functions passed to page.evaluate run in the page.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-restricted-imports': layerImports('e2e', ['@gy/api']) },
  },
  {
    files: ['scripts/**', '**/*.config.{ts,js}', '.storybook/main.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['.storybook/preview.tsx', '.storybook/*.css.ts'],
    languageOptions: { globals: globals.browser },
  },

  {
    // Signal-processing loops index typed arrays within bounds they have just checked; with
    // noUncheckedIndexedAccess every such read is `number | undefined`, and a `!` there is the
    // honest and cheapest way to say so in hot code.
    files: ['packages/audio/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Tool configuration files are read by their tools through a default export.
    files: ['**/*.config.ts', '**/*.config.js', '.storybook/**', '**/*.stories.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
)
