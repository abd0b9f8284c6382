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
      // boundary: src/api and src/platform.
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
  {
    // The ui kit is below the app and its features: a block that needs a screen's state takes
    // it as a prop or from a context the app or a feature provides.
    files: ['renderer/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.\./)+(app|features)(/|$)`,
              message: 'renderer/src/ui imports nothing from app/ or features/: they import the ui kit.',
            },
          ],
        },
      ],
    },
  },
  {
    // Screens draw dialogs, tables and toasts with the shared blocks of renderer/src/ui
    // (focus, Escape, sticky headers, the toast host), so a new screen cannot skip them.
    files: ['renderer/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@fluentui/react-components',
              importNames: [
                'Dialog',
                'OverlayDrawer',
                'DrawerHeaderTitle',
                'DialogActions',
                'DialogBody',
                'DialogContent',
                'DialogSurface',
                'DialogTitle',
                'DialogTrigger',
                'Toaster',
                'Toast',
                'ToastBody',
                'ToastFooter',
                'ToastTitle',
                'ToastTrigger',
                'useToastController',
                'Table',
                'TableBody',
                'TableCell',
                'TableCellActions',
                'TableCellLayout',
                'TableHeader',
                'TableHeaderCell',
                'TableRow',
                'TableSelectionCell',
                'DataGrid',
                'DataGridBody',
                'DataGridCell',
                'DataGridHeader',
                'DataGridHeaderCell',
                'DataGridRow',
              ],
              message:
                'Use the shared blocks: AppDialog / ConfirmDialog (ui/app-dialog), AppTable / ListScaffold (ui/app-table, ui/list-screen), useNotify (ui/notify).',
            },
            ...['react-dialog', 'react-table', 'react-toast'].map((name) => ({
              name: `@fluentui/${name}`,
              message: 'Use the shared blocks in renderer/src/ui.',
            })),
          ],
        },
      ],
    },
  },
);
