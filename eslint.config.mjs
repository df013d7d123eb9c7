// Lint, and the process boundaries of DESIGN.md as rules: what each part of Scout may import.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const nodeOnlyPackages = ['electron', 'better-sqlite3', 'keytar', 'sirv'];

const msg = {
  renderer: 'The renderer runs sandboxed: it may import only src/renderer and src/shared (reach main through window.scout).',
  preload: 'The preload may import only electron and src/shared.',
  shared: 'src/shared is imported by every process: it may not use Electron, Node or the DOM.',
  main: 'Main never imports the renderer.',
};

/** Relative imports that climb into one of the given top-level folders of src/. */
const into = (...dirs) => ({ regex: `^(\\.\\./)+(${dirs.join('|')})(/|$)` });

export const boundaryRules = {
  renderer: {
    'no-restricted-imports': [
      'error',
      {
        paths: [...nodeBuiltins, ...nodeOnlyPackages].map((name) => ({ name, message: msg.renderer })),
        patterns: [
          { group: ['node:*', 'electron/*'], message: msg.renderer },
          { ...into('main', 'preload', 'simulator'), message: msg.renderer },
        ],
      },
    ],
  },
  preload: {
    'no-restricted-imports': [
      'error',
      {
        paths: [...nodeBuiltins, ...nodeOnlyPackages.filter((p) => p !== 'electron')].map((name) => ({ name, message: msg.preload })),
        // Anything but electron, a sibling file, or src/shared.
        patterns: [{ regex: '^(?!electron$|\\./|\\.\\./shared/|@shared/)', message: msg.preload }],
      },
    ],
  },
  shared: {
    'no-restricted-imports': [
      'error',
      {
        paths: [...nodeBuiltins, ...nodeOnlyPackages, 'react', 'react-dom'].map((name) => ({ name, message: msg.shared })),
        patterns: [
          { group: ['node:*', 'electron/*'], message: msg.shared },
          { regex: '^\\.\\./', message: msg.shared },
        ],
      },
    ],
  },
  main: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ ...into('renderer'), message: msg.main }, { group: ['**/renderer/**'], message: msg.main }] },
    ],
  },
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.electron-native/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{mjs,js,cjs}', 'scripts/**', '*.config.ts', 'e2e/**', 'bench/**', 'test/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  { files: ['src/main/**', 'src/simulator/**'], languageOptions: { globals: { ...globals.node } }, rules: boundaryRules.main },
  { files: ['src/preload/**'], languageOptions: { globals: { ...globals.browser } }, rules: boundaryRules.preload },
  { files: ['src/shared/**'], rules: boundaryRules.shared },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // useScoutQuery(load, deps) takes its dependencies like useEffect: they are checked the same way.
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^useScoutQuery$' }],
      ...boundaryRules.renderer,
    },
  },
);
