// Lint, and the process boundaries of DESIGN.md as rules: what each part of Scout may import.
import { builtinModules } from 'node:module';
import path from 'node:path';
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
  kernel: 'Only the paid-work kernel (src/main/kernel/paidWork.ts) grants the pass to balance-touching API operations: declare a PaidCall and use PaidWork.spend or poll.',
  features:
    "A feature imports another only through its public surface, features/{{feature}}/index.ts (or its features/{{feature}}/model/index.ts), not {{target}}: export it there, or move what both need to src/renderer/src/shared.",
};


/** Relative imports that climb into one of the given top-level folders of src/. */
const into = (...dirs) => ({ regex: `^(\\.\\./)+(${dirs.join('|')})(/|$)` });

/** withKernelPass is the paid-work kernel's alone (tests may use it to call the client directly). */
const kernelPassOnly = { group: ['**/paidGuard', './paidGuard'], importNames: ['withKernelPass'], message: msg.kernel };
const mainPatterns = [{ ...into('renderer'), message: msg.main }, { group: ['**/renderer/**'], message: msg.main }];

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
  main: { 'no-restricted-imports': ['error', { patterns: [...mainPatterns, kernelPassOnly] }] },
  /** The kernel itself, and tests. */
  mainKernel: { 'no-restricted-imports': ['error', { patterns: mainPatterns }] },
  // Features do not import each other's internals (the rule is below: it resolves each path).
  features: { 'scout/feature-boundaries': 'error' },
};

const featuresDir = path.join(import.meta.dirname, 'src', 'renderer', 'src', 'features');

/** Where a path lies among the renderer's features: the feature and the path inside it, or null outside them. */
function inFeatures(file) {
  const rel = path.relative(featuresDir, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [feature, ...inside] = rel.split(path.sep);
  return { feature, inside: inside.join('/').replace(/\.(tsx?|jsx?|mjs)$/, '') };
}

/** A file of features/X imports src/renderer/src/shared, src/shared, its own feature, and of another feature Y only Y's index.ts (or Y/model/index.ts). */
const featureBoundaries = {
  meta: { type: 'problem', schema: [], messages: { internals: msg.features } },
  create(context) {
    const from = inFeatures(context.physicalFilename ?? context.filename);
    if (!from) return {};
    const check = (source) => {
      if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const to = inFeatures(path.resolve(path.dirname(context.physicalFilename ?? context.filename), source.value));
      if (!to || to.feature === from.feature) return;
      if (['', 'index', 'model', 'model/index'].includes(to.inside)) return;
      context.report({ node: source, messageId: 'internals', data: { feature: to.feature, target: `features/${to.feature}/${to.inside}` } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

const mainDir = path.join(import.meta.dirname, 'src', 'main');
/**
 * Main's layers, lowest first: a file imports its own layer and those below it, never one above.
 * platform (api client, cache, credentials, files, util) ← kernel (paid work, ledger, jobs,
 * events) ← team (the team database: connection, transport, records, claims, shared work) ←
 * domains (each feature's service, storage, handlers and team side) ← workspace (one open
 * workspace, the registry) ← app (the composition root) ← host (IPC, loopback HTTP). The entry
 * files beside them (index.ts, serve.ts, electronApp.ts) may import any.
 */
export const mainLayers = ['platform', 'kernel', 'team', 'domains', 'workspace', 'app', 'host'];
/** Type-only imports the kernel may make of the team layer: the kernel names the team gate and its records, which team/ implements. */
const typeOnlyAllowed = { kernel: ['team'] };

function mainLayer(file) {
  const rel = path.relative(mainDir, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top] = rel.split(path.sep);
  return mainLayers.includes(top) ? top : null;
}

const mainLayerRule = {
  meta: { type: 'problem', schema: [], messages: { upward: "{{from}}/ is below {{to}}/ in main's layers ({{order}}): it may not import {{target}}. Move what both need down, or pass it in from above." } },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const from = mainLayer(file);
    // Tests may build what they test from above (a harness, the app).
    if (!from || /\.test\.tsx?$/.test(file)) return {};
    const check = (node, typeOnly) => {
      const source = node.source;
      if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source.value);
      const to = mainLayer(target);
      if (!to || mainLayers.indexOf(to) <= mainLayers.indexOf(from)) return;
      if (typeOnly && typeOnlyAllowed[from]?.includes(to)) return;
      context.report({ node: source, messageId: 'upward', data: { from, to, order: mainLayers.join(' ← '), target: path.relative(mainDir, target) } });
    };
    const typeOnly = (node) => node.importKind === 'type' || node.exportKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    return {
      ImportDeclaration: (node) => check(node, typeOnly(node)),
      ExportNamedDeclaration: (node) => check(node, typeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, false),
    };
  },
};

export const scoutPlugin = { rules: { 'feature-boundaries': featureBoundaries, 'main-layers': mainLayerRule } };

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
  { files: ['src/main/**'], plugins: { scout: scoutPlugin }, rules: { 'scout/main-layers': 'error' } },
  { files: ['src/main/kernel/paidWork.ts', 'src/main/**/*.test.ts'], rules: boundaryRules.mainKernel },
  { files: ['src/preload/**'], languageOptions: { globals: { ...globals.browser } }, rules: boundaryRules.preload },
  { files: ['src/shared/**'], rules: boundaryRules.shared },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, scout: scoutPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // useScoutQuery(load, deps) takes its dependencies like useEffect: they are checked the same way.
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^useScoutQuery$' }],
      ...boundaryRules.renderer,
    },
  },
  { files: ['src/renderer/src/features/**'], rules: boundaryRules.features },
);
