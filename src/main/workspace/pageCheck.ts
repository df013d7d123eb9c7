// The check of every page of an open workspace's database, in a worker thread: at once when the
// last session ended without closing it (a crash, a power cut), else once a week.
import fs from 'node:fs';
import path from 'node:path';
import { ScoutError } from '@shared/errors';
import { runDbTask } from '../platform/cache/dbTasks';
import { restoreAdvice } from '../platform/cache/workspaceStore';
import { makePrivateFile } from '../platform/privateFiles';
import type { Logger } from '../platform/log';
import type { Workspace } from './workspace';

/** While a workspace is open this file is beside its database: found at the next start, the last session ended without closing. */
export const IN_USE_MARKER = 'scout.in-use';
/** How often an open workspace's every page is read for damage (and at once after a crash). */
export const PAGES_CHECK_EVERY_MS = 7 * 24 * 60 * 60 * 1000;
const PAGES_CHECKED_KEY = 'pages_checked_at';

export interface PageCheckDeps {
  nativeBinding: string | undefined;
  logger: Logger;
  /** Whether `ws` is still the open workspace of its id. */
  isOpen(ws: Workspace): boolean;
  /** The check found the database damaged. */
  onDamaged(ws: Workspace, error: ScoutError): void;
}

/**
 * Starts the check beside an opened workspace (`ws.pagesChecked`) when it is due. Damage is
 * handed to `onDamaged`, which closes the workspace and says, wherever it is next asked for,
 * what to restore.
 */
export function checkPages(ws: Workspace, file: string, created: boolean, deps: PageCheckDeps): void {
  const marker = path.join(path.dirname(file), IN_USE_MARKER);
  const crashed = fs.existsSync(marker);
  makePrivateFile(marker);
  const now = Date.now();
  // A database made just now has nothing to check yet: its week starts now.
  if (created) return ws.meta.set(PAGES_CHECKED_KEY, now);
  const last = ws.meta.get<number>(PAGES_CHECKED_KEY)?.value ?? 0;
  if (!crashed && now - last < PAGES_CHECK_EVERY_MS && last <= now) return;
  ws.pagesChecked = runDbTask({ kind: 'check', file, nativeBinding: deps.nativeBinding, damagedAdvice: restoreAdvice(file) }, { signal: ws.stopChecks.signal }).then(
    () => {
      if (deps.isOpen(ws)) ws.meta.set(PAGES_CHECKED_KEY, now);
    },
    (error: Error) => {
      if (ws.stopChecks.signal.aborted) return;
      if (!(error instanceof ScoutError) || error.code !== 'DATABASE_UNREADABLE') {
        deps.logger.warn(`workspace ${ws.id}: its pages were not checked (${error.message})`);
        return;
      }
      deps.logger.error(`workspace ${ws.id}: its database is damaged`, error);
      deps.onDamaged(ws, error);
    },
  );
}
