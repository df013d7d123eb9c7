// A teammate's copy taken instead of buying, that its kind's codec refused (TEAM_BAD_DATA): said
// in a researcher's words, once for every kind of paid record.
import { ScoutError } from '@shared/errors';
import { TeamError } from './errors';

/** `what`: whose copy of what ("Ada's PDF of natgeo"). Anything but a TeamError is passed on as it is. */
export function teamCopyUnreadable(what: string, error: unknown): unknown {
  if (!(error instanceof TeamError)) return error;
  return new ScoutError(
    { code: 'TEAM_FAILED', message: `${what.charAt(0).toUpperCase()}${what.slice(1)} in the team database cannot be read, so Scout did not save it. Nothing was spent; ask the team's admin.`, detail: error.message },
    { cause: error },
  );
}

