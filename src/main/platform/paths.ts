import os from 'node:os';
import path from 'node:path';

export const APP_DIR_NAME = 'Scout Workbench';

/**
 * Where Scout keeps its workspaces, settings and logs. `SCOUT_DATA_DIR` wins (tests give each
 * run a fresh folder); otherwise the same folder Electron's `userData` uses, so the desktop app
 * and browser mode share one set of data.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.SCOUT_DATA_DIR) return path.resolve(env.SCOUT_DATA_DIR);
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_DIR_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_DIR_NAME);
}

export function workspaceDbPath(dataDir: string, workspace: string): string {
  return path.join(dataDir, 'workspaces', workspace, 'scout.sqlite');
}

export function logFilePath(dataDir: string): string {
  return path.join(dataDir, 'logs', 'scout.log');
}
