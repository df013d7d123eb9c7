// The comparison tray: the accounts picked for Compare (from the library, a report page), per
// workspace, kept in localStorage so a reload finds them; and the comparison being worked on
// (its notes, period, name), so leaving the page and coming back loses nothing; and how its
// followers chart is drawn, kept for the next launch.
import type { StateCreator } from 'zustand';
import { comparePeriods, type ComparePeriod } from '@shared/compare';
import type { WorkspaceId } from '@shared/workspaces';
import { followersScaleLabels, type FollowersScale } from '@shared/labels';
import type { ScoutStore } from '../../store';
import { shell } from '../../data/useShell';
import { cleanPicks, pickKey, TRAY_LIMIT, type PickedAccount } from './tray';

export { cleanPicks, pickKey, trayProblem, TRAY_LIMIT, type PickedAccount } from './tray';

/** The comparison the tray makes on the Compare page, before it is saved. */
export interface CompareDraft {
  name: string;
  period: ComparePeriod;
  /** A researcher's note per account, by pickKey. */
  notes: Record<string, string>;
}

export const emptyCompareDraft: CompareDraft = { name: '', period: '30d', notes: {} };

export interface CompareSlice {
  /** The tray of the active workspace. */
  comparePicks: PickedAccount[];
  compareDraft: CompareDraft;
  /** Counts saves, updates and deletes of saved comparisons, so their list reads itself again. */
  compareSaves: number;
  noteCompareSaved(): void;
  /** Adds accounts not yet in the tray (up to TRAY_LIMIT); says how many it added. */
  addToCompare(accounts: PickedAccount[]): number;
  removeFromCompare(key: string): void;
  clearCompare(): void;
  setCompareDraft(patch: Partial<CompareDraft>): void;
  /** How the followers chart draws the accounts (counted, growth from 100, log): kept for the next launch. */
  compareFollowersScale: FollowersScale;
  setCompareFollowersScale(scale: FollowersScale): void;
}

const chartStorageKey = 'scout.compareCharts.v1';

/** The followers chart's scale as last chosen; as counted when none was, or what is stored cannot be read. */
export function storedFollowersScale(): FollowersScale {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(chartStorageKey);
    const scale: unknown = raw ? (JSON.parse(raw) as { followersScale?: unknown }).followersScale : null;
    return typeof scale === 'string' && Object.hasOwn(followersScaleLabels, scale) ? (scale as FollowersScale) : 'count';
  } catch {
    return 'count';
  }
}

const storageKey = 'scout.compare.v1';
type Stored = Partial<Record<string, PickedAccount[]>>;

function readStored(): Stored {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKey);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

function writeStored(workspace: WorkspaceId | null, picks: PickedAccount[]) {
  try {
    const all = readStored();
    all[workspace ?? 'demo'] = picks;
    localStorage.setItem(storageKey, JSON.stringify(all));
  } catch {
    // A full or refused storage loses only the tray of the next launch.
  }
}

const picksOf = (workspace: WorkspaceId | null) => cleanPicks(readStored()[workspace ?? 'demo']);

export const createCompareSlice: StateCreator<ScoutStore, [], [], CompareSlice> = (set, get) => {
  // Each workspace has its own cache, so its own tray: switching shows that workspace's picks.
  shell.onWorkspaceSwitch((active) => {
    set({ comparePicks: picksOf(active), compareDraft: emptyCompareDraft });
  });
  const save = (picks: PickedAccount[]) => {
    set({ comparePicks: picks });
    writeStored(shell.activeWorkspace() ?? null, picks);
  };
  return {
    comparePicks: picksOf(null),
    compareDraft: emptyCompareDraft,
    compareSaves: 0,

    noteCompareSaved() {
      set({ compareSaves: get().compareSaves + 1 });
    },

    addToCompare(accounts) {
      const picks = [...get().comparePicks];
      const have = new Set(picks.map(pickKey));
      let added = 0;
      for (const account of accounts) {
        if (have.has(pickKey(account)) || picks.length >= TRAY_LIMIT) continue;
        have.add(pickKey(account));
        picks.push(account);
        added++;
      }
      if (added) save(picks);
      return added;
    },

    removeFromCompare(key) {
      save(get().comparePicks.filter((p) => pickKey(p) !== key));
    },

    clearCompare() {
      save([]);
    },

    compareFollowersScale: storedFollowersScale(),
    setCompareFollowersScale(scale) {
      set({ compareFollowersScale: scale });
      try {
        localStorage.setItem(chartStorageKey, JSON.stringify({ followersScale: scale }));
      } catch {
        // A full or refused storage loses only the choice at the next launch.
      }
    },

    setCompareDraft(patch) {
      const period = patch.period && !comparePeriods.includes(patch.period) ? undefined : patch.period;
      set({ compareDraft: { ...get().compareDraft, ...patch, ...(period ? { period } : {}) } });
    },
  };
};
