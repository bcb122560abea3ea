import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/types/api.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*'], message: 'Use the @/ alias instead of parent-relative imports.' }] },
      ],
    },
  },
  {
    // Features stay independent: shared code lives in components/ and lib/, and only app/ composes features.
    files: ['src/features/submit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@/features/runs/*',
            '@/features/studies/*',
            '@/features/leaderboards/*',
            '@/app/*',
            '../*',
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/runs/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@/features/submit/*',
            '@/features/studies/*',
            '@/features/leaderboards/*',
            '@/app/*',
            '../*',
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/studies/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@/features/submit/*',
            '@/features/runs/*',
            '@/features/leaderboards/*',
            '@/app/*',
            '../*',
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/leaderboards/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@/features/submit/*', '@/features/runs/*', '@/features/studies/*', '@/app/*', '../*'] },
      ],
    },
  },
  {
    files: ['src/features/compare/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@/features/submit/*', '@/features/runs/*', '@/features/studies/*', '@/app/*', '../*'] },
      ],
    },
  },
  {
    files: ['src/features/projects/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@/features/submit/*',
            '@/features/runs/*',
            '@/features/studies/*',
            '@/features/leaderboards/*',
            '@/features/compare/*',
            '@/app/*',
            '../*',
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/ci/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@/features/submit/*',
            '@/features/runs/*',
            '@/features/studies/*',
            '@/features/leaderboards/*',
            '@/features/compare/*',
            '@/features/projects/*',
            '@/app/*',
            '../*',
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/interop/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@/features/submit/*',
            '@/features/runs/*',
            '@/features/studies/*',
            '@/features/leaderboards/*',
            '@/features/compare/*',
            '@/features/projects/*',
            '@/features/ci/*',
            '@/app/*',
            '../*',
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**', 'src/lib/**', 'src/hooks/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@/features/*', '@/app/*', '../*'] }] },
  },
);
