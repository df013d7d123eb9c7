// The renderer reaches main one way: through data/. A page reads with useScoutQuery, writes with
// useScoutMutation and follows pushed progress with useProgress; none keeps a `let live` guard,
// subscribes to main's events itself or touches window.scout. The zustand store and its slices
// hold UI state only (drafts, selections, fetch plans): they never call main. This reads every renderer source
// (TypeScript's own parser, so comments and strings do not count) and holds those rules.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'], { eager: true, query: '?raw', import: 'default' });

/** Each source by its path under src/renderer/src ('features/lists/ListsPage.tsx'). */
const files = Object.entries(sources).map(([key, text]) => ({ path: key.startsWith('./') ? `data/${key.slice(2)}` : key.replace(/^\.\.\//, ''), text }));
const outsideData = files.filter((f) => !f.path.startsWith('data/'));

/** Every node of a file's syntax tree, parsed once. */
const parsed = new Map<string, ts.Node[]>();
function nodesOf(file: { path: string; text: string }): ts.Node[] {
  let all = parsed.get(file.path);
  if (!all) {
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const found: ts.Node[] = [];
    const visit = (node: ts.Node) => {
      found.push(node);
      ts.forEachChild(node, visit);
    };
    visit(source);
    parsed.set(file.path, (all = found));
  }
  return all;
}

/** `scout.invoke(…)`, `client.on(…)` and the like: a call of the contract's client, by the names it goes by. */
function clientCall(node: ts.Node): { via: string; method: 'invoke' | 'on' } | null {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return null;
  const { expression: target, name } = node.expression;
  if (!ts.isIdentifier(target) || !['scout', 'client'].includes(target.text)) return null;
  return name.text === 'invoke' || name.text === 'on' ? { via: target.text, method: name.text } : null;
}

/** Inside the loader or operation handed to useScoutQuery / useScoutMutation. */
function insideDataHook(node: ts.Node): boolean {
  for (let p = node.parent; p; p = p.parent) if (ts.isCallExpression(p) && ts.isIdentifier(p.expression) && (p.expression.text === 'useScoutQuery' || p.expression.text === 'useScoutMutation')) return true;
  return false;
}

/**
 * Calls of the client outside data/ and outside the hooks' loaders and operations, as they stand:
 * a count may go down (lower it here), never up. They are quotes asked on a click, fire-and-forget
 * cancels, and helpers a loader calls. (data/ itself is not counted: the shell's state is
 * data/shell.ts, the runs that outlive a page data/runs.ts.)
 */
const directCallsLeft: Record<string, number> = {
  'features/accounts/addFlow.ts': 3,
  'shared/Avatar.tsx': 1,
  'features/accounts/ReportView.tsx': 1,
  'features/accounts/tabs/useDocument.ts': 1,
  'features/archive/ArchivePage.tsx': 1,
  'features/archive/ExportPdf.tsx': 2,
  'features/archive/openPdf.ts': 2,
  'features/compare/SavedComparisonView.tsx': 1,
  'features/compare/SavedList.tsx': 1,
  'features/compare/TrayComparison.tsx': 1,
  'features/compare/printPdf.ts': 1,
  'features/competitor/CompetitorPage.tsx': 3,
  'features/competitor/CreateAnalysisForm.tsx': 1,
  'features/competitor/PostBrowser.tsx': 1,
  'features/creators/CreatorsPage.tsx': 1,
  'features/lists/ListsPage.tsx': 1,
  'features/settings/SettingsPage.tsx': 1,
  'features/settings/TeamSyncSection.tsx': 1,
  'features/tracking/AlertRulesForm.tsx': 1,
  'features/tracking/AlertsInbox.tsx': 3,
  'features/tracking/TrackAccount.tsx': 2,
  'features/tracking/TrackingPage.tsx': 7,
  'shared/ui/ExportActions.tsx': 1,
  'shared/ui/openOutside.ts': 1,
};

/** The zustand store and its slices: UI state only. */
const isSlice = (path: string) => path === 'store.ts' || /^features\/.+Slice\.ts$/.test(path);

describe('the renderer’s one data layer', () => {
  it('reads every renderer source', () => {
    expect(files.some((f) => f.path === 'data/useScoutQuery.ts')).toBe(true);
    expect(files.some((f) => f.path === 'features/lists/ListsPage.tsx')).toBe(true);
  });

  it('no page keeps a `let live` (or mounted) guard of its own: useScoutQuery drops late answers', () => {
    const guards = files.filter((f) => /\blet\s+(live|mounted|alive)\b/.test(f.text)).map((f) => f.path);
    expect(guards).toEqual([]);
  });

  it('window.scout is touched by the client alone', () => {
    const touching = files.filter((f) => f.path !== 'data/scoutClient.ts' && nodesOf(f).some((n) => ts.isPropertyAccessExpression(n) && n.name.text === 'scout' && ts.isIdentifier(n.expression) && n.expression.text === 'window'));
    expect(touching.map((f) => f.path)).toEqual([]);
  });

  it('pages follow main’s events through useProgress or a query’s refreshOn, not scout.on', () => {
    const subscribing = outsideData.filter((f) => nodesOf(f).some((n) => clientCall(n)?.method === 'on')).map((f) => f.path);
    expect(subscribing).toEqual([]);
  });

  it('the store and its slices hold UI state: none calls main, listens to it or holds a client', () => {
    const slices = files.filter((f) => isSlice(f.path));
    expect(slices.map((f) => f.path)).toEqual(expect.arrayContaining(['store.ts', 'features/accounts/accountsSlice.ts', 'features/discovery/discoverySlice.ts']));
    const calling = slices.flatMap((f) =>
      nodesOf(f)
        .filter((n) => clientCall(n) !== null || (ts.isIdentifier(n) && n.text === 'ScoutClient') || (ts.isPropertyAccessExpression(n) && n.name.text === 'scout' && ts.isIdentifier(n.expression) && n.expression.text === 'window'))
        .map((n) => `${f.path}: ${n.getText().slice(0, 60)}`),
    );
    expect(calling, 'a slice calls main: move the call into data/ (a query, a mutation, or data/runs.ts)').toEqual([]);
  });

  it('calls of the client outside the data hooks only go down', () => {
    const counted: Record<string, number> = {};
    for (const f of outsideData) {
      const n = nodesOf(f).filter((node) => clientCall(node) !== null && !insideDataHook(node)).length;
      if (n > 0) counted[f.path] = n;
    }
    const grown = Object.entries(counted)
      .filter(([path, n]) => n > (directCallsLeft[path] ?? 0))
      .map(([path, n]) => `${path}: ${directCallsLeft[path] ?? 0} → ${n}`);
    expect(grown, 'a new call of the client outside useScoutQuery / useScoutMutation / useProgress: use one of them').toEqual([]);
    const shrunk = Object.entries(directCallsLeft)
      .filter(([path, n]) => (counted[path] ?? 0) < n)
      .map(([path, n]) => `${path}: ${n} → ${counted[path] ?? 0}`);
    expect(shrunk, 'fewer direct calls than directCallsLeft says: lower its count').toEqual([]);
  });
});
