// The process boundaries of DESIGN.md are lint rules; this checks the rules themselves, by
// linting small sources as if they stood at the given paths. Between the renderer's features, a
// feature imports another only through its public surface (index.ts, or model/index.ts).
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'scout/feature-boundaries' || m.ruleId === 'scout/main-layers').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['src/renderer/src/x.ts', "import fs from 'node:fs';"],
    ['src/renderer/src/x.ts', "import { readFileSync } from 'fs';"],
    ['src/renderer/src/x.ts', "import { ipcRenderer } from 'electron';"],
    ['src/renderer/src/x.ts', "import Database from 'better-sqlite3';"],
    ['src/renderer/src/features/a/x.ts', "import { MainServices } from '../../../../main/app/mainServices';"],
    ['src/renderer/src/x.ts', "import { startSimulator } from '../../simulator/server';"],
    ['src/preload/x.ts', "import { z } from 'zod';"],
    ['src/preload/x.ts', "import fs from 'node:fs';"],
    ['src/preload/x.ts', "import { x } from '../main/log';"],
    ['src/shared/x.ts', "import { app } from 'electron';"],
    ['src/shared/x.ts', "import path from 'node:path';"],
    ['src/shared/x.ts', "import { createRoot } from 'react-dom';"],
    ['src/shared/x.ts', "import { x } from '../main/log';"],
    ['src/main/x.ts', "import { App } from '../renderer/src/App';"],
    ['src/main/domains/x/x.ts', "import { useScout } from '../../../renderer/src/store';"],
    ['src/main/domains/x/x.ts', "import { withKernelPass } from '../../platform/api/paidGuard';"],
    ['src/main/platform/api/x.ts', "import { withKernelPass } from './paidGuard';"],
    ['src/renderer/src/features/discovery/x.ts', "import { spendBlocker } from '../accounts/addFlow';"],
    ['src/renderer/src/features/compare/sheets/x.ts', "import { bottomAxis } from '../../accounts/model/chartOptions';"],
    ['src/renderer/src/features/compare/sheets/x.ts', "import { spendBlocker } from '../../accounts/addFlow';"],
    ['src/renderer/src/features/accounts/x.tsx', "import { SavedList } from '../compare/SavedList';"],
    ['src/renderer/src/features/lists/x.ts', "export { syncBlocker } from '../lists/../creators/creatorsForm';"],
    ['src/renderer/src/features/creators/x.ts', "export * from '../lists/listExport';"],
    ['src/renderer/src/features/archive/x.ts', "const page = import('../settings/SettingsPage');"],
  ])('%s may not: %s', async (file, source) => {
    expect(await boundaryErrors(file, `${source}\nexport {};\n`)).not.toEqual([]);
  });

  it.each([
    ['src/renderer/src/x.ts', "import { channels } from '@shared/channels';"],
    ['src/renderer/src/features/a/x.ts', "import { useScout } from '../../store';"],
    ['src/renderer/src/features/discovery/x.ts', "import { spendBlocker } from '../accounts';"],
    ['src/renderer/src/features/accounts/x.tsx', "import { AddToComparison } from '../compare/index';"],
    ['src/renderer/src/features/compare/sheets/x.ts', "import { bottomAxis } from '../../accounts/model';"],
    ['src/renderer/src/features/discovery/builder/x.ts', "import { valueAxis } from '../../accounts/model/index';"],
    ['src/renderer/src/features/accounts/tabs/x.ts', "import { bottomAxis } from '../model/chartOptions';"],
    ['src/renderer/src/features/discovery/builder/x.ts', "import { countryName } from '@shared/reportModel';"],
    ['src/renderer/src/features/compare/x.ts', "import { EmptyState } from '../../shared/ui';"],
    ['src/preload/x.ts', "import { contextBridge } from 'electron';"],
    ['src/preload/x.ts', "import { channels } from '../shared/channels';"],
    ['src/shared/x.ts', "import { z } from 'zod';"],
    ['src/shared/x.ts', "import { channels } from './channels';"],
    ['src/shared/reportModel/x.ts', "import { formatMetric } from '@shared/format';"],
    ['src/main/x.ts', "import fs from 'node:fs';"],
    ['src/main/x.ts', "import { startSimulator } from '../simulator/server';"],
    ['src/main/kernel/paidWork.ts', "import { withKernelPass } from '../platform/api/paidGuard';"],
    ['src/main/platform/api/apiClient.ts', "import { assertKernelPass } from './paidGuard';"],
    ['src/main/domains/x/x.test.ts', "import { withKernelPass } from '../../platform/api/paidGuard';"],
  ])('%s may: %s', async (file, source) => {
    expect(await boundaryErrors(file, `${source}\nexport {};\n`)).toEqual([]);
  });

  // Main's layers (eslint.config.mjs mainLayers): each layer may not import the one above it.
  it.each([
    ['src/main/platform/cache/x.ts', "import { PaidWork } from '../../kernel/paidWork';"],
    ['src/main/kernel/x.ts', "import { TeamError } from '../team/pool';"],
    ['src/main/kernel/x.ts', "export { TeamSync } from '../team/sync';"],
    ['src/main/team/x.ts', "import { ReportService } from '../domains/reports/reportService';"],
    ['src/main/domains/reports/x.ts', "import { Workspace } from '../../workspace/workspace';"],
    ['src/main/domains/reports/x.ts', "import type { Workspace } from '../../workspace/workspace';"],
    ['src/main/workspace/x.ts', "import { domains } from '../app/domains';"],
    ['src/main/app/x.ts', "const handlers = import('../host/handlers');"],
    ['src/main/platform/x.ts', "export * from '../host/handlers';"],
  ])('%s may not: %s', async (file, source) => {
    expect(await boundaryErrors(file, `${source}\nexport {};\n`)).toEqual([expect.stringContaining("in main's layers")]);
  });

  it.each([
    ['src/main/host/x.ts', "import { domains } from '../app/domains';"],
    ['src/main/app/x.ts', "import { WorkspaceRegistry } from '../workspace/registry';"],
    ['src/main/workspace/x.ts', "import { notesDomain } from '../domains/notes';"],
    ['src/main/domains/notes/x.ts', "import { TeamSync } from '../../team/sync';"],
    ['src/main/team/x.ts', "import { PaidWork } from '../kernel/paidWork';"],
    ['src/main/kernel/x.ts', "import { Db } from '../platform/cache/database';"],
    ['src/main/kernel/x.ts', "import type { TeamGate } from '../team/gate';"],
    ['src/main/domains/notes/x.test.ts', "import { MainServices } from '../../app/mainServices';"],
    ['src/main/serve.ts', "import { createHandlers } from './host/handlers';"],
  ])('%s may: %s', async (file, source) => {
    expect(await boundaryErrors(file, `${source}\nexport {};\n`)).toEqual([]);
  });
});
