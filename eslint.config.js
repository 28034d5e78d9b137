// One lint standard for the TypeScript, the scripts, the tests and the Astro templates.
// Formatting is Prettier's (.prettierrc.json); ESLint checks code, not layout.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.dist-staging-*/',
      '.dist-old-*/',
      'node_modules/',
      '.astro/',
      'test-results/',
      'packages/*/dist/',
      'src/uai/generated/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
      // Prettier wraps code at 120 but leaves comments alone; this holds comments (and .astro markup) to
      // the same width. Long string, template and regex literals and URLs are data and stay whole.
      'max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  {
    // Written by scripts/generate-types.ts from the schemas' descriptions, and drift-checked against it.
    files: ['src/record/generated/**'],
    rules: { 'max-len': 'off' },
  },
  {
    // Tests build deliberately malformed packets by mutating nested members: `any` is the honest type there.
    files: ['tests/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // CommonJS configuration files (dependency-cruiser reads only CommonJS).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    // Astro's own ambient declarations are triple-slash references by design.
    files: ['src/env.d.ts'],
    rules: { '@typescript-eslint/triple-slash-reference': 'off' },
  },
);
