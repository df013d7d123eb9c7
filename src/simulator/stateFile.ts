// The simulator's memory on disk, so a simulator started again (the demo workspace's, on the next
// `npm start`) remembers what the last one sold: balances, what was spent, which accounts were
// unlocked and when, generations and PDF exports under way, competitor analyses, and its clock.
// Without it the demo's cache would call a refresh free that the fresh simulator charges for.
//
// The file is versioned JSON, checked when read: a damaged or foreign file is set aside (renamed
// `…unreadable-<time>`, and logged) and the simulator starts afresh; it never stops the start.
// It is written whole under a temporary name and renamed, private to the researcher (0600).
// Saved lists need nothing here: they are fixed (data/discovery/lists.ts).
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SimClock } from './clock';
import { networks } from './data/random';
import type { SimState } from './state';

export const STATE_FILE_FORMAT = 'scout-simulator-state';
export const STATE_FILE_VERSION = 1;

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/** Where the simulator says what happened to its file (the demo passes Scout's log). */
export interface SimLog {
  info(line: string): void;
  warn(line: string): void;
}

const int = z.number().int();
// Times need not be whole: a test may advance the clock by any amount.
const time = z.number().nonnegative();
const balanceKind = z.enum(['credits', 'miniReports', 'advancedReports', 'discoveryRequests']);
const balances = z.object({ credits: int, miniReports: int, advancedReports: int, discoveryRequests: int });

const check = z.object({
  network: z.enum(networks),
  name: z.string(),
  checkedAt: time,
  readyAt: time,
  paidWith: balanceKind.nullable(),
  outcome: z.enum(['ready', 'low_confidence', 'no_videos', 'no_views']),
  refunded: z.boolean(),
  tiktokType: z.enum(['report', 'advanced_report']).optional(),
});

const pdfJob = z.object({ readyAt: time, linkIssuedAt: time.nullable() });

const analysis = z.object({
  id: z.string(),
  username: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  audienceGeo: z.array(z.string()),
  hashtags: z.array(z.string()),
  createdAt: time,
  readyAt: time,
});

const savedState = z.object({
  format: z.literal(STATE_FILE_FORMAT),
  version: z.literal(STATE_FILE_VERSION),
  /** Simulated time when written: a restart never resumes the clock before it. */
  savedAt: time,
  /** Simulated minus real time when written (tests advance it; the demo's is 0). */
  clockOffsetMs: z.number(),
  balances,
  spent: balances,
  /** [check key, check]: the key keeps a YouTube channel id's letter case, the check's name does not. */
  checks: z.array(z.tuple([z.string(), check])),
  pdfJobs: z.array(z.tuple([z.string(), pdfJob])),
  analyses: z.array(analysis),
});

export type SavedSimState = z.infer<typeof savedState>;

export function snapshot(state: SimState, clock: SimClock): SavedSimState {
  return {
    format: STATE_FILE_FORMAT,
    version: STATE_FILE_VERSION,
    savedAt: clock.now(),
    clockOffsetMs: clock.offsetMs(),
    balances: { ...state.balances },
    spent: { ...state.spent },
    checks: [...state.checks],
    pdfJobs: [...state.pdfJobs],
    analyses: [...state.analyses.values()],
  };
}

/** Puts a saved state into a fresh one, and resumes its clock. */
export function restore(saved: SavedSimState, state: SimState, clock: SimClock): void {
  Object.assign(state.balances, saved.balances);
  Object.assign(state.spent, saved.spent);
  for (const [key, c] of saved.checks) state.checks.set(key, { ...c });
  for (const [key, job] of saved.pdfJobs) state.pdfJobs.set(key, { ...job });
  for (const a of saved.analyses) state.analyses.set(a.id, { ...a });
  clock.resume(saved.clockOffsetMs, saved.savedAt);
}

/** Why a file's text is not a state this simulator can resume; null when it is. */
function parse(text: string): { saved: SavedSimState } | { problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { problem: 'not JSON' };
  }
  const kind = raw as { format?: unknown; version?: unknown } | null;
  if (typeof kind !== 'object' || kind === null || kind.format !== STATE_FILE_FORMAT) return { problem: 'not a simulator state file' };
  if (kind.version !== STATE_FILE_VERSION) return { problem: `version ${String(kind.version)}, this simulator reads ${STATE_FILE_VERSION}` };
  const parsed = savedState.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `damaged at ${issue?.path.map(String).join('.') || 'the top'}: ${issue?.message ?? 'invalid'}` };
  }
  return { saved: parsed.data };
}

export class SimStateFile {
  /** The state's revision last written (or read): a save with nothing new writes nothing. */
  private written = -1;
  /** Saves run one after another; a save queued behind another finds the latest state. */
  private queue: Promise<void> = Promise.resolve();
  private lastProblem: string | null = null;
  private temps = 0;

  constructor(
    readonly file: string,
    private readonly state: SimState,
    private readonly clock: SimClock,
    private readonly log: SimLog,
  ) {}

  /**
   * Reads the file into the (fresh) state. True when a state was resumed; false when there was
   * none, or it could not be used (then it is set aside, logged, and the simulator starts afresh).
   */
  load(): boolean {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.log.warn(`simulator: state file ${this.file} unreadable (${(error as Error).message}); starting afresh`);
      return false;
    }
    const read = parse(text);
    if ('problem' in read) {
      const movedTo = `${this.file}.unreadable-${Date.now()}`;
      let where = `moved to ${movedTo}`;
      try {
        fs.renameSync(this.file, movedTo);
      } catch (error) {
        where = `could not be moved aside (${(error as Error).message}); it will be overwritten`;
      }
      this.log.warn(`simulator: state file ${this.file} set aside (${read.problem}), ${where}; starting afresh`);
      return false;
    }
    restore(read.saved, this.state, this.clock);
    this.written = this.state.revision;
    this.log.info(`simulator: resumed ${this.file} (${read.saved.checks.length} unlocks, ${read.saved.balances.credits} credits)`);
    return true;
  }

  /** Writes the state if it changed since the last write. Never rejects: a failure is logged. */
  save(): Promise<void> {
    if (this.state.revision === this.written) return Promise.resolve();
    this.queue = this.queue.then(() => this.write());
    return this.queue;
  }

  private async write(): Promise<void> {
    const revision = this.state.revision;
    if (revision === this.written) return;
    const temp = `${this.file}.${process.pid}-${++this.temps}.tmp`;
    try {
      await fs.promises.mkdir(path.dirname(this.file), { recursive: true, mode: DIR_MODE });
      await fs.promises.writeFile(temp, JSON.stringify(snapshot(this.state, this.clock)), { mode: FILE_MODE });
      // The mode again: a umask may have taken bits off, and Windows has none (nothing to do).
      await fs.promises.chmod(temp, FILE_MODE).catch(() => {});
      await fs.promises.rename(temp, this.file);
      this.written = revision;
      this.lastProblem = null;
    } catch (error) {
      await fs.promises.rm(temp, { force: true }).catch(() => {});
      const problem = `simulator: state not saved to ${this.file}: ${(error as Error).message}`;
      // A problem that persists (a full disk) is logged once, not on every request.
      if (problem !== this.lastProblem) this.log.warn(problem);
      this.lastProblem = problem;
    }
  }
}
