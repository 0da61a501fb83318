// @ts-check
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import prettier from 'eslint-config-prettier'
import tseslint from 'typescript-eslint'

export default defineConfig(
  { ignores: ['dist/', 'lib/', 'node_modules/', 'coverage/', '.tmp/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname
      }
    }
  },
  {
    rules: {
      // `for (const _ of pages)` counts or drains an iterator: the loop needs a binding it never reads.
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^_' }]
    }
  },
  {
    files: ['__tests__/**/*.ts'],
    rules: {
      // Test fakes implement Promise-returning interfaces (IssueApi, fetchPage, sleep) with `async` methods that need
      // no await: `async` keeps a thrown error a rejection, as in the real implementation.
      '@typescript-eslint/require-await': 'off'
    }
  },
  {
    // The config files at the root are plain JavaScript outside tsconfig.json: no type information for them.
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked]
  },
  prettier
)
