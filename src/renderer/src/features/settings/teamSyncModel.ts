// Settings → Team database's sharing line, in words, from where the sharing stands (team:syncStatus):
// what waits to be shared and why, what could not be read, when the team's records last came, and
// how far "Receive the team's cache" has come. Pure: the view and its test read the same lines.
import type { TeamJoinResult, TeamSyncView } from '@shared/teamSync';
import { formatAge, formatCount, formatDateTime, plural } from '@shared/format';
import { teamRecordKindLabel } from '@shared/labels';

export interface TeamSyncLines {
  /** 'ok' when everything is shared and read; 'warning' otherwise. */
  tone: 'ok' | 'warning';
  /** "All shared", "3 records waiting to be shared (the team database cannot be reached)", … */
  shared: string[];
  /** "2 of the team's records could not be read", or null. */
  unreadable: string | null;
  /** Each record that could not be read: what it is, who shared it, when, and why. */
  unreadableList: { key: string; text: string; title: string }[];
  /** "Last received from the team 5 min ago" / "Nothing received from the team yet". */
  lastReceived: string;
  /** "Received 1,240 of 10,000", or null when not receiving. */
  receiving: string | null;
}

export function teamSyncLines(view: Extract<TeamSyncView, { team: true }>, now = Date.now()): TeamSyncLines {
  const shared: string[] = [];
  if (view.pending > 0) {
    shared.push(
      `${plural(view.pending, 'record')} waiting to be shared${view.reachable === false ? ' (the team database cannot be reached)' : ''}`,
    );
  }
  if (view.refused > 0) shared.push(`${plural(view.refused, 'record')} the team database refused: kept on this laptop only`);
  if (shared.length === 0) shared.push('All shared');
  const unreadable =
    view.skippedCount > 0 ? `${formatCount(view.skippedCount)} of the team’s records could not be read` : null;
  const unreadableList = view.skipped.map((record, index) => {
    const what = teamRecordKindLabel(record.kind);
    const who = record.researcher ?? 'a teammate';
    const text = `${what.charAt(0).toUpperCase()}${what.slice(1)} shared by ${who}: ${record.reason}`;
    return { key: `${record.skippedAt}-${index}`, text, title: `Kept aside ${formatDateTime(record.skippedAt)}` };
  });
  return {
    tone: view.pending > 0 || view.refused > 0 || view.skippedCount > 0 ? 'warning' : 'ok',
    shared,
    unreadable,
    unreadableList,
    lastReceived: view.lastPulledAt === null ? 'Nothing received from the team yet' : `Last received from the team ${formatAge(view.lastPulledAt, now)}`,
    receiving: view.join ? receivedOf(view.join) : null,
  };
}

/** "Received 1,240 of 10,000". */
export function receivedOf(progress: { received: number; total: number }): string {
  return `Received ${formatCount(progress.received)} of ${formatCount(progress.total)}`;
}

/** What "Receive the team's cache" says once it ended. */
export function joinOutcome(result: TeamJoinResult): string {
  if (result.cancelled) return `Stopped after ${formatCount(result.received)} of ${formatCount(result.total)}; the rest comes with the next sync.`;
  if (result.total === 0) return 'This laptop already had everything the team has shared.';
  return `Received ${plural(result.received, 'record')} from the team.`;
}
