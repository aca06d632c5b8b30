import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importDirection from './eslint/import-direction.js';
import webImportDirection from './eslint/web-import-direction.js';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'coverage/**', 'public/**', 'tracker/dist/**', 'web/dist/**', 'web/dist.*/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { loupe: importDirection },
    rules: {
      'loupe/layers': 'error',
      'loupe/no-cycle': 'error',
      'loupe/inside-src': 'error',
      'loupe/feature-entry': 'error',
    },
  },
  {
    // The web app: pages on top, components never import a page (eslint/web-import-direction.js); the rules of hooks.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'loupe-web': webImportDirection, 'react-hooks': reactHooks },
    rules: {
      'loupe-web/web-layers': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
