// What can go wrong between Scout and the team database, in words a researcher (or the team's
// admin) can act on. Nothing here carries a password or a connection string.

export type TeamErrorCode =
  /** The team database cannot be reached now (down, restarting, no network, timed out). */
  | 'TEAM_UNREACHABLE'
  /** The team schema was created by a newer Scout than this one. */
  | 'TEAM_SCHEMA_FROM_FUTURE'
  /** The team schema is older than this Scout, or absent: the admin upgrades it. */
  | 'TEAM_SCHEMA_BEHIND'
  /** Creating or upgrading the team schema needs the admin's connection. */
  | 'TEAM_NOT_ADMIN'
  /** A claim this Scout held was taken over after its lease ran out: it must not send. */
  | 'TEAM_CLAIM_LOST'
  /** The database refused a write (a rule of the team schema, a permission). */
  | 'TEAM_REFUSED'
  /** Something read from the team database does not have the expected shape or size. */
  | 'TEAM_BAD_DATA';

export class TeamError extends Error {
  readonly code: TeamErrorCode;
  constructor(code: TeamErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TeamError';
    this.code = code;
  }
}

/**
 * A Team workspace's refusals of a paid call before anything is sent (the kernel's): the team
 * database cannot be asked, or there is no working connection to it. The quote says them first;
 * what was refused so was never bought and leaves no row behind (a fetch attempt, a discovery run).
 */
export const teamRefusals: ReadonlySet<string> = new Set(['TEAM_UNREACHABLE', 'TEAM_NOT_CONNECTED']);
