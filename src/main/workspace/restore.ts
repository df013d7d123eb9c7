// Restoring a backup keeps what is about money: the replaced file's ledger rows, and in a Team
// workspace what it had still to share, are carried into the restored one.
import { carryLedgerOver, carryTeamOutboxOver } from '../platform/cache/backups';
import type { Logger } from '../platform/log';
import type { Workspace } from './workspace';

/** Carries the replaced file's (`keptAs`) ledger and team outboxes into the reopened workspace. */
export function carryOverFrom(keptAs: string, reopened: Workspace, logger: Logger): void {
  const id = reopened.id;
  // What was spent is a fact about money, not a state to roll back: the ledger rows of the
  // replaced file come along, so nothing paid after the backup was taken is forgotten.
  try {
    const carried = carryLedgerOver(reopened.db, keptAs);
    if (carried > 0) logger.info(`workspace ${id}: ${carried} spending ledger rows carried over from the replaced file`);
  } catch (error) {
    logger.warn(`workspace ${id}: spending ledger not carried over from ${keptAs}: ${(error as Error).message}`);
  }
  // A Team workspace's records and spends not shared yet are the team's too: not rolled back.
  if (reopened.team) {
    try {
      const { records, ledgerSteps } = carryTeamOutboxOver(reopened.db, keptAs);
      if (records + ledgerSteps > 0) logger.info(`workspace ${id}: ${records} records and ${ledgerSteps} ledger steps still to share carried over from the replaced file`);
      // Settings carried over from the replaced file are connected with now.
      reopened.startTeam();
      reopened.teamCatchUp();
    } catch (error) {
      logger.warn(`workspace ${id}: what was still to share not carried over from ${keptAs}: ${(error as Error).message}`);
    }
  }
}
