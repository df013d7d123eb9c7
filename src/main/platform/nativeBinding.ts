import fs from 'node:fs';
import path from 'node:path';

/**
 * better-sqlite3's addon is built for Node in node_modules (tests use it) and, by `npm start`,
 * for Electron's ABI into .electron-native/, so both run from the same checkout.
 */
export function electronNativeBindingPath(appRoot: string): string | null {
  const candidate = path.join(appRoot, '.electron-native', 'better_sqlite3.node');
  return fs.existsSync(candidate) ? candidate : null;
}
