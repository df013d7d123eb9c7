// Where the Team workspace's sharing stands, as Settings → Team database shows it: what waits to
// be shared, what the team database refused, teammates' records this Scout could not read (with
// why), when the team's records were last received, and a "receive the team's cache" under way.

/** A teammate's record kept aside: its kind, who shared it, why it could not be read, when. */
export interface TeamSkippedRecord {
  /** The record kind ('report', 'pdf', 'discovery' …); the renderer names it in words. */
  kind: string;
  researcher: string | null;
  reason: string;
  skippedAt: number;
}

/** How far "receive the team's cache" has come. */
export interface TeamJoinProgress {
  received: number;
  total: number;
}

export type TeamSyncView =
  | { team: false }
  | {
      team: true;
      /** Records saved on this laptop and not yet in the team database. */
      pending: number;
      /** Records the team database refused (kept here, not tried again). */
      refused: number;
      /** Teammates' records this Scout could not read: the count, and the newest of them. */
      skippedCount: number;
      skipped: TeamSkippedRecord[];
      /** When the team's records were last received (epoch ms); null: never. */
      lastPulledAt: number | null;
      /** Whether the team database answered the last time; null: not asked yet. */
      reachable: boolean | null;
      /** Receiving the team's cache now, and how far; null: not running. */
      join: TeamJoinProgress | null;
    };

/** At most this many skipped records are listed (the count says how many there are). */
export const SKIPPED_LISTED = 50;

/** What "receive the team's cache" answers: how far it came, and whether it was stopped. */
export interface TeamJoinResult extends TeamJoinProgress {
  cancelled: boolean;
}

/**
 * An edit of this researcher's overtaken by a teammate's, said in words ("Anna Berg changed the
 * name of the saved query “Streamers” while you were editing; yours is kept in its history —
 * restore it?"). `id` only names it for Restore / Dismiss; it is never shown.
 */
export interface TeamNotice {
  id: string;
  message: string;
  /** An overtaken value of a field can be made current again; an overtaken deletion cannot (delete again). */
  canRestore: boolean;
}
