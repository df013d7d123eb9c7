// The research workflow's status pipeline: the steps an account moves through (Considering →
// Shortlisted → Contacted → Approved by default), which the researcher may rename, add to, reorder
// and remove. An account's status is the step's id, so renaming a step renames it on every account
// at once; a removed step leaves its accounts without a status. For main and the renderer alike.
import type { TeamStamp } from './teamSeen';
import { parseAccountRef } from './accountInput';
import { tagKey } from './accountNotes';
import type { Network } from './reports';

export interface StatusStep {
  /** Stable: what an account's status holds. Never shown. */
  id: string;
  /** What the researcher calls it. */
  label: string;
}

/** The status steps as the renderer sees them: each with how many accounts are at it. */
export interface StatusStepsView {
  steps: (StatusStep & { accounts: number })[];
  /** In a Team workspace, once shared: the steps' version and who last changed them (`steps`: a teammate). */
  team?: TeamStamp;
}

export const DEFAULT_STATUS_STEPS: readonly StatusStep[] = [
  { id: 'considering', label: 'Considering' },
  { id: 'shortlisted', label: 'Shortlisted' },
  { id: 'contacted', label: 'Contacted' },
  { id: 'approved', label: 'Approved' },
];

export const MAX_STATUS_STEPS = 12;
export const MAX_STEP_LABEL = 40;

/** An id for a new step called `label`, unlike any of `taken`. */
export function newStepId(label: string, taken: readonly string[]): string {
  const base =
    label
      .toLocaleLowerCase('en')
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 30) || 'step';
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * What a status reads as: its step's name; a status no step has (a teammate's step this laptop
 * does not have) reads as such rather than as its id. Null: no status.
 */
export function statusLabel(steps: readonly StatusStep[], status: string | null | undefined): string | null {
  if (status === null || status === undefined) return null;
  return steps.find((s) => s.id === status)?.label ?? 'A step not in your list';
}

/**
 * A status's place in the pipeline, for sorting by it: the step's position (0 the first); null for
 * no status or a step not in the list, sorted after every step as the library sorts them.
 */
export function statusRank(steps: readonly StatusStep[], status: string | null | undefined): number | null {
  if (status === null || status === undefined) return null;
  const at = steps.findIndex((s) => s.id === status);
  return at < 0 ? null : at;
}

/**
 * The key an account's notes, tags and status are kept under (`network:accountKey`), from an
 * account as a row names it (a username, a channel id, a link); null when it names none.
 */
export function notesKeyOf(network: Network | null, account: string | null): string | null {
  if (!network || !account) return null;
  const ref = parseAccountRef(account, network);
  return ref.ok ? `${network}:${ref.value.key}` : null;
}

/** A filter by the researcher's notes: a status step (or NO_STATUS: none), a tag; unset keeps all. */
export interface NotesFilterValue {
  status?: string;
  tag?: string;
}

/** Whether an account's status and tags pass the filter (the one rule of every screen and file). */
export function passesNotesFilter(notes: { status: string | null; tags: readonly string[] } | null, filter: NotesFilterValue): boolean {
  if (filter.status !== undefined) {
    const status = notes?.status ?? null;
    if (filter.status === NO_STATUS ? status !== null : status !== filter.status) return false;
  }
  if (filter.tag !== undefined && !(notes?.tags ?? []).some((t) => tagKey(t) === tagKey(filter.tag!))) return false;
  return true;
}

export const hasNotesFilter = (filter: NotesFilterValue): boolean => filter.status !== undefined || filter.tag !== undefined;

/** The library's, Discovery's, Lists' and Compare's status filter: a step, or accounts with none. */
export const NO_STATUS = 'none';
