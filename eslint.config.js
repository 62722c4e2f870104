import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/api/src/db/migrations/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Issue #39 §11: Number(text) reads '0x10' as 16 and ' 9' as 9; ids and counts go through Inteiro (domain).
    files: ['packages/domain/src/**/*.ts', 'apps/api/src/modules/**/*.ts', 'apps/api/src/platform/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "MemberExpression[object.object.name='z'][object.property.name='coerce'][property.name='number']",
        message: 'Use Inteiro(z.number()…) from @cadastro/domain: decimal digits only.',
      }],
    },
  },
  {
    // Tests must run and be able to fail.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'it', property: 'only' }, { object: 'it', property: 'skip' }, { object: 'it', property: 'todo' },
        { object: 'test', property: 'only' }, { object: 'test', property: 'skip' }, { object: 'test', property: 'fixme' },
        { object: 'describe', property: 'only' }, { object: 'describe', property: 'skip' },
      ],
    },
  },
);
