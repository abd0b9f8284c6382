import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.tools',
      'dist',
      'dist-electron',
      'release',
      'test-results',
      'playwright-report',
      'tests/artifacts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The renderer reaches the network and the desktop bridge only through its I/O
      // boundary (DESIGN §6.2): src/api and src/platform.
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the api client (renderer/src/api).' },
      ],
    },
  },
  {
    files: ['renderer/src/api/**', 'renderer/src/platform/**'],
    rules: { 'no-restricted-globals': 'off' },
  },
);
