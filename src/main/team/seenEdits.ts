// How a service of shared work hands the team an edit made from an editor (sharedFold.ts's rule:
// an edit's base is the version its editor showed), and gives its views the version an editor
// opening them starts from. One place for every kind, so each service only names its rows.
import type { SharedKind } from './sharedFold';
import type { TeamVersion } from './sharedLog';
import type { SeenVersion } from './sharedWork';

/** A Team workspace's shared work, told after each save (`seen`: the row edited and the version its editor showed). */
export type OnSharedEdit = (kind: SharedKind, seen?: SeenVersion) => void;
/** A Team workspace's shared work: where a local row's thing stands in the team (null: not shared yet). */
export type TeamVersionOf = (kind: SharedKind, localId: number) => TeamVersion | null;

/** `view` with its version in the team when it has one (a Team workspace, once shared): what its editor starts from. */
export function stamped<T extends object>(view: T, kind: SharedKind, localId: number, teamVersion: TeamVersionOf | undefined): T & { team?: TeamVersion } {
  const team = teamVersion?.(kind, localId);
  return team ? { ...view, team } : view;
}

/** The row an editor saved and the version it showed, as `OnSharedEdit` takes it; undefined without `seen` (no editor). */
export function seenEdit(localId: number | undefined, seen: { version: number } | undefined): SeenVersion | undefined {
  return seen && localId !== undefined ? { localId, version: seen.version } : undefined;
}
