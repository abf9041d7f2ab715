import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'storybook-static', 'data', 'test-artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
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
