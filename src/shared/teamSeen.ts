// What an editor of shared work showed when the researcher began an edit ("seen"), sent back with
// the save: a Team workspace shares the edit as made on that version (sharedFold.ts's rule: a
// teammate's change since is one this edit had not seen, so whichever is overtaken is told), and
// main applies only what the researcher changed from what was shown (`changedSince`), so a form
// saved whole never puts back a value a teammate changed while it was open.

/**
 * In a Team workspace, once shared: the version of a thing an editor opening it now starts from,
 * and who last changed each field when it was a teammate (their name, by field).
 */
export interface TeamStamp {
  version: number;
  by: Record<string, string>;
}

/** The version an editor showing `view` sends as seen: 0 outside a team or before it was shared. */
export const seenVersionOf = (view: { team?: TeamStamp } | null | undefined): number => view?.team?.version ?? 0;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `next` that differ from what the editor showed (`seen`): what the researcher
 * changed. A field `seen` does not hold counts as changed.
 */
export function changedSince<T extends Record<string, unknown>>(seen: Partial<T>, next: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) if (!(key in seen) || !same(seen[key], next[key])) out[key] = next[key];
  return out;
}

/**
 * The fields a teammate changed since the editor showed `seen` (their value now differs from it,
 * and the last change of it was a teammate's): what an open editor says was changed meanwhile.
 */
export function changedByTeammate<T extends Record<string, unknown>>(seen: Partial<T>, now: T, team: TeamStamp | undefined): (keyof T & string)[] {
  if (!team) return [];
  return (Object.keys(seen) as (keyof T & string)[]).filter((key) => key in now && !same(seen[key], now[key]) && team.by[key] !== undefined);
}
