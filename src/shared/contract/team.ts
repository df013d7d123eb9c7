// Team: the Team workspace's team database (its settings and connection), receiving the team's
// cache, and the notices of edits a teammate's overtook. The team's spending is the ledger's.
import { z } from 'zod';
import type { WorkspaceId } from '@shared/workspaces';
import { teamPassword, teamSettingsShape, type TeamView } from '@shared/team';
import type { TeamJoinResult, TeamNotice, TeamSyncView } from '@shared/teamSync';
import { noInput, op, type Exact, type OperationsOf } from './common';
import type { TeamChannel, TeamEventName } from './team.channels';

export const teamOperations = {
  /** The Team workspace's team database: its settings (never the password), whether a password is saved, and the status. */
  'team:get': op<TeamView>()(noInput),
  /**
   * Saves the settings (a new password to the keychain, when given; it never comes back) and
   * connects with them; the answer has the status the connection reached.
   */
  'team:set': op<TeamView>()(z.object({ ...teamSettingsShape, password: teamPassword.optional() }).strict()),
  /** Checks the connection again now. */
  'team:test': op<TeamView>()(noInput),
  /** Where the Team workspace's sharing stands (what waits, what could not be read, when last received); `{ team: false }` without one. */
  'team:syncStatus': op<TeamSyncView>()(noInput),
  /**
   * Receives every record of the team's cache this laptop has not got yet, in pages (progress in
   * `team:sync`); answers once done or cancelled (`cancelled`: what was received stays).
   */
  'team:join': op<TeamJoinResult>()(noInput),
  /** Stops "receive the team's cache" after the page under way. */
  'team:cancelJoin': op<{ cancelled: boolean }>()(noInput),
  /** The active workspace's edits overtaken by a teammate's, not dismissed yet (none outside a Team workspace). */
  'team:notices': op<TeamNotice[]>()(noInput),
  /** Makes the overtaken value current again (a new edit, shared); answers the notices left. */
  'team:restoreNotice': op<TeamNotice[]>()(z.object({ id: z.string().min(1).max(200) }).strict()),
  /** Hides the notice; the overtaken value stays in its history. Answers the notices left. */
  'team:dismissNotice': op<TeamNotice[]>()(z.object({ id: z.string().min(1).max(200) }).strict()),
} satisfies OperationsOf<TeamChannel>;

export interface TeamEvents {
  'team:changed': TeamView;
  /**
   * A Team workspace saved what teammates shared (pulled records, shared edits): the kinds that
   * changed ('report', 'pdf', 'discovery', 'comparison' …), for the screens showing them to read again.
   */
  'team:received': { workspace: WorkspaceId; kinds: string[] };
  /** Where the Team workspace's sharing stands, whenever it may have changed (and as "receive the team's cache" goes). */
  'team:sync': TeamSyncView;
  /** A Team workspace's notices changed (an edit overtaken, one restored or dismissed): all of them, as now. */
  'team:noticesChanged': { workspace: WorkspaceId; notices: TeamNotice[] };
}

const eventsMatchNames: Exact<keyof TeamEvents, TeamEventName> = true;
void eventsMatchNames;
