// Add accounts: paste names or links, see what fetching them costs, confirm once, watch the run.
import { useEffect, useId, useMemo, useRef } from 'react';
import { buyAnywayRun, cancelRun, planFetches, runFetches } from '../../data/runs';
import { useShell } from '../../data/useShell';
import { networks, type Network } from '@shared/reports';
import { parseAccountList } from '@shared/accountInput';
import { useScout } from '../../store';
import { formatCount, networkLabels } from '@shared/format';
import { asksBuyAnyway, ConfirmSpend, StatusBadge, TeamQuoteAsk, TeamQuoteLine, TeamUnreachableConfirm, type StatusTone } from '../../shared/ui';
import { balanceLabels, buyAnywayLabel, costText, creditAmount, limitText, teamUnreachableAsk, teamUnreachableBatch } from '@shared/labels';
import type { RunItem } from './accountsSlice';
import { addPhase, confirmLabel, pastLimits, shortBalances, spendBlocker, spendTotals, spentText, totalText, unknownBalances } from './addFlow';
import { ProgressLine, RunProgressLine } from './FetchProgress';

/** A run row's state in a word: cancelled and skipped are neutral, only a failure is red. */
const runStatus: Record<RunItem['status'], { label: string; tone: StatusTone }> = {
  waiting: { label: 'Waiting', tone: 'neutral' },
  running: { label: 'Fetching', tone: 'info' },
  done: { label: 'Ready', tone: 'ok' },
  failed: { label: 'Failed', tone: 'error' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  skipped: { label: 'Not fetched', tone: 'neutral' },
};

/**
 * Add accounts, one state at a time: editing (the list, Check cost) → quoted (the confirmation)
 * → running (progress, Cancel) → finished (what each row did and spent, Done). Done empties it
 * for the next list. What is typed and the run live in the store, so they survive navigation.
 */
export function AddAccounts({ onClose, focusOnOpen }: { onClose: () => void; focusOnOpen: boolean }) {
  const { text, network, tiktokType } = useScout((s) => s.addDraft);
  const setDraft = useScout((s) => s.setAddDraft);
  const plan = useScout((s) => s.fetchPlan);
  const planning = useScout((s) => s.planning);
  const selectPlanned = useScout((s) => s.selectPlanned);
  const clearPlan = useScout((s) => s.clearPlan);
  const dismissRun = useScout((s) => s.dismissRun);
  const closeTeamAsk = useScout((s) => s.closeTeamAsk);
  const run = useScout((s) => s.run);
  const active = useShell((s) => s.workspace?.active ?? null);
  const planState = useShell((s) => s.plan);
  const blocker = useShell((s) => spendBlocker(s));
  const phase = addPhase({ fetchPlan: plan, run });
  /** The run's accounts refused as the team database could not be asked ("Buy anyway" may fetch them). */
  const teamRefused = run?.items.filter((it) => it.teamUnreachable) ?? [];
  const ids = { text: useId(), network: useId(), blocker: useId() };
  const textRef = useRef<HTMLTextAreaElement>(null);

  // Opened from its button: the researcher came to type.
  useEffect(() => {
    if (focusOnOpen) textRef.current?.focus();
  }, [focusOnOpen]);

  const parsed = useMemo(() => parseAccountList(text, network || null), [text, network]);
  const valid = parsed.flatMap((p) => (p.ok ? [p.value] : []));
  const invalid = parsed.flatMap((p) => (p.ok ? [] : [p]));
  const hasTiktok = valid.some((v) => v.network === 'tiktok');

  // The balances of the workspace the plan was quoted in, and what the selected rows spend of them.
  const balances = plan && planState?.workspace === plan.workspace ? planState.plan : null;
  const chosen = plan ? plan.items.filter((p, i) => plan.selected[i] && p.quote) : [];
  const totals = spendTotals(
    chosen.map((p) => p.quote!),
    balances,
  );
  const short = shortBalances(totals);
  // Team: past the researcher's monthly limit, said now and refused here (the send would refuse it too).
  const overLimit = pastLimits(totals, chosen.map((p) => p.quote!));
  const unknown = unknownBalances(totals);
  // Team: the selected accounts the team database could not be asked about, asked about here ("Buy anyway").
  const teamAsk = chosen.filter((p) => asksBuyAnyway(p.quote));
  // Team: not connected to the team database at all: the send would refuse every one that costs, so no spend is offered.
  const notConnected = chosen.some((p) => p.quote!.teamNotConnected);
  // Why no spend can be offered now: said beside the button, which stays off.
  const noSpend = blocker ?? (unknown.length ? `Your balance of ${unknown.map((t) => balanceLabels[t.kind]).join(' and ')} is not known, so Scout will not spend from it. Check the connection in Settings.` : null);

  return (
    <div
      className="card add-accounts"
      role="region"
      aria-label="Add accounts"
      data-phase={phase}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || phase === 'running') return;
        e.preventDefault();
        onClose();
      }}
    >
      {(phase === 'editing' || phase === 'quoted') && (
        <>
          <div className="form-row">
            <label htmlFor={ids.network}>Network for bare names</label>
            <select id={ids.network} value={network} onChange={(e) => setDraft({ network: e.target.value as Network | '' })}>
              <option value="">None (links and prefixed names only)</option>
              {networks.map((n) => (
                <option key={n} value={n}>
                  {networkLabels[n]}
                </option>
              ))}
            </select>
            {hasTiktok && (
              <fieldset className="inline">
                <legend>TikTok report</legend>
                <label>
                  <input type="radio" name="tiktok-type" checked={tiktokType === 'report'} onChange={() => setDraft({ tiktokType: 'report' })} /> Mini
                </label>
                <label>
                  <input type="radio" name="tiktok-type" checked={tiktokType === 'advanced_report'} onChange={() => setDraft({ tiktokType: 'advanced_report' })} /> Advanced
                </label>
              </fieldset>
            )}
          </div>
          <label htmlFor={ids.text}>Usernames, channel ids, TikTok user ids or profile links — one per line, or several separated by commas or spaces</label>
          <textarea
            id={ids.text}
            ref={textRef}
            rows={4}
            value={text}
            spellCheck={false}
            placeholder={'natgeo\nhttps://www.youtube.com/channel/UC…\ntwitch:shroud'}
            onChange={(e) => setDraft({ text: e.target.value })}
          />
          {invalid.length > 0 && (
            <ul className="feedback error" aria-live="polite" data-testid="refused-lines">
              {invalid.map((p, i) => (
                <li key={i}>
                  {p.source} — {p.reason}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {noSpend && phase !== 'running' && phase !== 'finished' && (
        <p className="callout warning" role="status" id={ids.blocker} data-testid="spend-blocked">
          {noSpend}
        </p>
      )}
      {phase === 'editing' && (
        <div className="actions">
          <button
            type="button"
            className="primary"
            disabled={valid.length === 0 || planning || blocker !== null}
            aria-describedby={blocker ? ids.blocker : undefined}
            onClick={() => void planFetches(valid, tiktokType)}
          >
            {planning ? 'Checking…' : `Check cost of ${valid.length} account${valid.length === 1 ? '' : 's'}`}
          </button>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      )}
      {phase === 'quoted' && plan && (
        <ConfirmSpend
          className="confirm"
          testId="fetch-confirmation"
          label="Confirm the fetch of these accounts"
          confirmLabel={teamAsk.length > 0 ? buyAnywayLabel(confirmLabel(totals)) : confirmLabel(totals)}
          confirmDisabled={chosen.length === 0 || short.length > 0 || overLimit.length > 0 || noSpend !== null || notConnected || plan.workspace !== active}
          onConfirm={() => void runFetches()}
          // Buying without the team is a choice: focus starts on Not now, never a second Enter.
          backLabel={teamAsk.length > 0 ? 'Not now' : 'Change'}
          focusBack={teamAsk.length > 0}
          onBack={clearPlan}
          escapeGoesBack={false}
        >
          <ul>
            {plan.items.map((p, i) => (
              <li key={`${p.input.network}:${p.input.account}`}>
                <label>
                  <input type="checkbox" checked={plan.selected[i] ?? false} disabled={!p.quote} onChange={(e) => selectPlanned(i, e.target.checked)} />{' '}
                  <strong>{networkLabels[p.input.network]}</strong> {p.input.account}
                </label>
                {p.input.byUserId && <span className="muted"> (user id)</span>} —{' '}
                {p.error ? (
                  <span className="feedback error">{p.error}</span>
                ) : (
                  <span>
                    {p.cached ? 'cached; refresh ' : ''}
                    {costText(p.quote!)}
                    <TeamQuoteLine note={p.quote!} />
                  </span>
                )}
              </li>
            ))}
          </ul>
          <p role="status" data-testid="fetch-total">
            {totalText(totals, chosen.length)}
          </p>
          {teamAsk.length > 0 && (
            <div className="callout warning" role="alert" data-testid="quote-team-ask">
              <p>{teamUnreachableAsk(teamAsk.length)}</p>
              {chosen.length > 1 && <p>Uncheck any you would rather not buy without the team.</p>}
            </div>
          )}
          {notConnected && <TeamQuoteAsk note={{ teamNotConnected: true }} />}
          {overLimit.length > 0 && (
            <div className="callout warning" role="alert" data-testid="past-limit">
              {overLimit.map(({ limit, cost }) => (
                <p key={limit.balance}>{limitText(limit, cost)}.</p>
              ))}
              <p>Uncheck some accounts, or ask your admin to raise your limit.</p>
            </div>
          )}
          {short.length > 0 && (
            <div className="callout warning" role="alert" data-testid="short-balance">
              {short.map((t) => (
                <p key={t.kind}>
                  <strong>{creditAmount(t.atMost - t.uncertain - t.left!, t.kind)} missing:</strong> the selected accounts need {formatCount(t.atMost - t.uncertain)}, and{' '}
                  {formatCount(t.left!)} {t.left === 1 ? 'is' : 'are'} left.
                </p>
              ))}
              <p>Uncheck some accounts, or add credits to your plan and check the cost again.</p>
            </div>
          )}
        </ConfirmSpend>
      )}
      {run && (
        <div className="run" data-testid="fetch-run">
          <p role="status" aria-live="polite" data-testid="run-progress">
            <RunProgressLine run={run} />
          </p>
          <ul>
            {run.items.map((it) => {
              const status = runStatus[it.status];
              const live = (it.status === 'running' || it.status === 'waiting') && it.progress;
              return (
                <li key={`${it.input.network}:${it.input.account}`} data-status={it.status}>
                  {networkLabels[it.input.network]} {it.input.account}: <StatusBadge tone={status.tone}>{status.label}</StatusBadge>{' '}
                  {live && <ProgressLine progress={it.progress!} />}
                  {it.spent && <span className="muted" data-testid="run-spent"> · {spentText(it.spent)}</span>}
                  {it.message && <span className={it.status === 'failed' ? 'feedback error' : 'muted'}> — {it.message}</span>}
                  {(it.status === 'done' || it.status === 'running') && run.workspace === active && (
                    <>
                      {' '}
                      <button type="button" className="link" onClick={() => useScout.getState().navigate('accounts', [it.input.network, it.input.account])}>
                        Open
                      </button>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
          {!run.running && !run.teamAskClosed && teamRefused.length > 0 && (
            <TeamUnreachableConfirm message={teamUnreachableBatch(teamRefused.length)} onConfirm={() => void buyAnywayRun()} onBack={closeTeamAsk}>
              <p>
                Buy anyway fetches {teamRefused.length === 1 ? 'this account' : `these ${formatCount(teamRefused.length)} accounts`} here without asking the team:{' '}
                {teamRefused.map((it) => `${networkLabels[it.input.network]} ${it.input.account}`).join(', ')}.
              </p>
            </TeamUnreachableConfirm>
          )}
          {run.running ? (
            <button type="button" onClick={() => void cancelRun()}>
              Cancel
            </button>
          ) : (
            <div className="actions">
              <button type="button" className="primary" onClick={dismissRun}>
                Done
              </button>
              <button type="button" onClick={onClose}>
                Close
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
