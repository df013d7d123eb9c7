// A report fetch under way, as the researcher sees it: what Scout is doing, a countdown to the
// next time it asks the API, how long it has taken, and a way to stop it. Used by the
// add-accounts run and by a report page opened while its account is being fetched.
import { useEffect, useState } from 'react';
import type { Network, ReportProgress } from '@shared/reports';
import { accountText, type AccountRef } from '@shared/accountInput';
import type { WorkspaceId } from '@shared/workspaces';
import { scout } from '../../data/scoutClient';
import { useProgress } from '../../data/useProgress';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useScoutMutation } from '../../data/useScoutMutation';
import { waitingForTeammate } from '@shared/labels';
import { live, type LiveProgress } from './liveProgress';


/** The time, once a second while `active`; null until the first tick. */
function useClock(active: boolean): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const every = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [active]);
  return now;
}

export function progressText(p: LiveProgress, now: number | null): string {
  const elapsed = Math.max(0, Math.round((p.elapsedMs + (now === null ? 0 : now - p.receivedAt)) / 1000));
  switch (p.phase) {
    case 'queued':
      return 'waiting for its turn: paid requests go out one at a time…';
    case 'waiting-teammate':
      return waitingForTeammate(p.teammate, p.yoursElsewhere === true);
    case 'requesting':
      return 'asking the API…';
    case 'generating': {
      const wait = p.nextCheckAt !== null && now !== null ? Math.max(0, Math.ceil((p.nextCheckAt - now) / 1000)) : p.retryInSec;
      return `the API is generating the report · asking again in ${wait ?? '?'} s · ${elapsed} s so far`;
    }
    case 'saving':
      return 'saving it to the cache…';
    case 'finished':
      return p.error ? 'stopped' : 'done';
  }
}

/** What an add run needs to say where it stands as a whole. */
export interface RunSnapshot {
  items: { status: 'waiting' | 'running' | 'done' | 'failed' | 'cancelled' | 'skipped'; progress: LiveProgress | null; readyBy: number | null }[];
  startedAt: number;
}

function roughly(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  return s < 90 ? `${s} s` : `${Math.round(s / 60)} min`;
}

/**
 * "7 of 20 ready, about 2 min left". The reports generate side by side, so what is left is the
 * longest wait among them: for a report being generated, until the API said it would be ready
 * (its retryTtl), or the next check when that has passed; for one still waiting its turn, as
 * long as the others took from the start of the run to their own ready time.
 */
export function runProgressText(run: RunSnapshot, now: number | null): string {
  const ready = run.items.filter((it) => it.status === 'done').length;
  const head = `${ready} of ${run.items.length} ready`;
  const open = run.items.filter((it) => it.status === 'waiting' || it.status === 'running');
  if (open.length === 0) {
    const count = (status: string) => run.items.filter((it) => it.status === status).length;
    const rest = (
      [
        ['failed', 'failed'],
        ['cancelled', 'cancelled'],
        ['skipped', 'not fetched'],
      ] as const
    ).flatMap(([status, word]) => (count(status) ? [`${count(status)} ${word}`] : []));
    return rest.length ? `${head}; ${rest.join(', ')}` : head;
  }
  if (now === null) return `${head}…`;
  const known = run.items.flatMap((it) => (it.readyBy !== null ? [it.readyBy - run.startedAt] : []));
  const typical = known.length ? known.reduce((a, b) => a + b, 0) / known.length : null;
  let left = 0;
  for (const it of open) {
    const p = it.progress;
    if (p?.phase === 'saving') continue;
    const next = p?.phase === 'generating' ? p.nextCheckAt : null;
    const until = it.readyBy !== null && it.readyBy > now ? it.readyBy : next;
    if (until !== null) left = Math.max(left, until - now);
    else if (typical === null) return `${head}…`;
    else left = Math.max(left, typical);
  }
  return `${head}, about ${roughly(left)} left`;
}

/** The run's overall line, counting down by itself. */
export function RunProgressLine({ run }: { run: RunSnapshot }) {
  const now = useClock(run.items.some((it) => it.status === 'waiting' || it.status === 'running'));
  return <>{runProgressText(run, now)}</>;
}

/** One line that counts down by itself. */
export function ProgressLine({ progress }: { progress: LiveProgress }) {
  const now = useClock(progress.phase !== 'finished');
  return <>{progressText(progress, now)}</>;
}

/**
 * The fetch of one account while it runs: the latest step from main (asked once, then followed
 * through events). `onFinished` gets the last event: its error, if any, and what it spent.
 */
export function useAccountFetch(ref: AccountRef, workspace: WorkspaceId | undefined, onFinished: (end: ReportProgress) => void) {
  const { network, key } = ref;
  const account = accountText(ref);
  const following = `${network}:${key}:${workspace ?? ''}`;
  // Asked once; the events say more, and say it later.
  const asked = useScoutQuery(() => scout.invoke('reports:progress', { network, account }), [network, account], { refreshWhenChanged: [workspace] });
  // The latest step pushed for this account (null once it ended): it wins over the answer above,
  // which travels apart from the events — once the end has been seen, an answer from before it
  // must not bring the panel back.
  const [pushed, setPushed] = useState<{ following: string; progress: LiveProgress | null } | null>(null);
  useProgress('reports:changed', (p) => {
    if (p.network !== network || p.accountKey !== key || (p.workspace && workspace && p.workspace !== workspace)) return;
    if (p.phase === 'finished') {
      setPushed({ following, progress: null });
      onFinished(p);
    } else setPushed({ following, progress: live(p) });
  });
  if (pushed?.following === following) return pushed.progress;
  return asked.data ? live(asked.data) : null;
}

/** The report page's panel for a fetch under way. */
export function FetchPanel({ network, account, workspace, progress }: { network: Network; account: string; workspace?: WorkspaceId; progress: LiveProgress }) {
  const cancel = useScoutMutation(() => scout.invoke('reports:cancel', { network, account, ...(workspace ? { workspace } : {}) }));
  return (
    <div className="callout info fetch-progress" data-testid="report-progress">
      <p role="status" aria-live="polite">
        <strong>Fetching this report:</strong> <ProgressLine progress={progress} />
      </p>
      <progress aria-label="Fetching the report" />
      <p className="muted">Polls are free: the credit, if any, was spent once, when the report was requested.</p>
      <button
        type="button"
        disabled={cancel.busy}
        onClick={() => void cancel.run()}
      >
        {cancel.busy ? 'Cancelling…' : 'Cancel'}
      </button>
    </div>
  );
}
