// What a storage failure means for the researcher. SQLite and Node name the same few causes many
// ways (SQLITE_BUSY_SNAPSHOT, ENOSPC …); this turns them into the few things worth saying.
import { ScoutError } from '@shared/errors';

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** Another connection holds the database: Scout is open there, the file is fine. */
export function isBusy(error: unknown): boolean {
  const code = codeOf(error);
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

export function isDiskFull(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || (code === 'SQLITE_IOERR_WRITE' && /space|full/i.test((error as Error).message));
}

export function isDamaged(error: unknown): boolean {
  const code = codeOf(error);
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB';
}

export function busyError(file: string, cause: unknown): ScoutError {
  return new ScoutError(
    {
      code: 'DATABASE_BUSY',
      message: `Scout is already open on this workspace (${file} is in use by another Scout). Close the other one and try again; nothing was changed.`,
      detail: (cause as Error)?.message,
    },
    { cause },
  );
}

/**
 * The disk filled up. `paid` names what was paid for when the failure came while saving it: the
 * ledger has already recorded the spend and the API keeps it unlocked, so fetching it again is free.
 */
export function diskFullError(cause: unknown, paid?: string): ScoutError {
  const message = paid
    ? `The disk is full, so Scout could not save ${paid}. What was paid is recorded in the spending ledger and ${paid} stays unlocked: once you free some disk space, fetching it again is free.`
    : 'The disk is full, so Scout could not save. Free some disk space and try again; nothing already saved was lost.';
  return new ScoutError({ code: 'DISK_FULL', message, detail: (cause as Error)?.message }, { cause });
}

/** Runs a save; a full disk becomes DISK_FULL, naming what was paid when it was paid for. */
export function saving<T>(save: () => T, paid?: string): T {
  try {
    return save();
  } catch (error) {
    if (isDiskFull(error)) throw diskFullError(error, paid);
    throw error;
  }
}
