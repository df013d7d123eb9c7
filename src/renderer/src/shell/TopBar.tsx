import { useEffect, useState } from 'react';
import { shell, useShell } from '../data/useShell';
import { useScout } from '../store';
import { workspaceIds, workspaceLabels, type WorkspaceId } from '@shared/workspaces';
import { formatAge, formatCount, formatDateTime } from '@shared/format';
import { teamStatusLabel } from '@shared/labels';

export function TopBar() {
  return (
    <header className="topbar">
      <WorkspaceSwitcher />
      <CreditMeter />
      <TeamIndicator />
      <ConnectionIndicator />
    </header>
  );
}

function WorkspaceSwitcher() {
  const workspace = useShell((s) => s.workspace);
  const switchWorkspace = shell.switchWorkspace;
  return (
    <label className="workspace-switcher">
      <span className="label">Workspace</span>
      <select
        aria-label="Workspace"
        value={workspace?.active ?? 'demo'}
        onChange={(e) => void switchWorkspace(e.target.value as WorkspaceId)}
      >
        {workspaceIds.map((id) => (
          <option key={id} value={id}>
            {workspace?.workspaces.find((w) => w.id === id)?.label ?? workspaceLabels[id]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Re-renders every `ms`, so an age ("checked 2 min ago") stays true while the page sits open. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * The balances, how old they are, and at most one problem: while Scout checks, it says only that
 * it checks (the numbers it had stay, marked as being checked); a problem shows once the check
 * has ended, so "Checking credits…" and "Add API credentials" are never side by side.
 */
function CreditMeter() {
  const plan = useShell((s) => s.plan);
  const planError = useShell((s) => s.planError);
  const planErrorCode = useShell((s) => s.planErrorCode);
  const loading = useShell((s) => s.planLoading);
  const refresh = shell.refreshPlan;
  useNow(30_000);
  const p = plan?.plan;
  const age = loading ? 'checking…' : plan?.fetchedAt ? `checked ${formatAge(plan.fetchedAt)}` : 'not checked yet';
  return (
    <section className="credit-meter" aria-label="Credits" data-testid="credit-meter" aria-busy={loading}>
      {p ? (
        <>
          <dl title={`Plan ${p.reports.plan ?? '—'}${plan.fetchedAt ? `; checked ${formatDateTime(plan.fetchedAt)}` : ''}`}>
            <div>
              <dt>Credits</dt>
              <dd data-testid="credits-reports">{formatCount(p.reports.credits)}</dd>
            </div>
            <div>
              <dt>Mini</dt>
              <dd data-testid="credits-mini">{formatCount(p.reports.reports)}</dd>
            </div>
            <div>
              <dt>Advanced</dt>
              <dd data-testid="credits-advanced">{formatCount(p.reports.advancedReports)}</dd>
            </div>
            <div>
              <dt>Discovery</dt>
              <dd data-testid="credits-discovery">{formatCount(p.discovery.requests)}</dd>
            </div>
          </dl>
          <span className="meter-age muted" data-testid="credits-age">
            {age}
          </span>
        </>
      ) : loading ? (
        <span className="muted" data-testid="credits-age">
          Checking credits…
        </span>
      ) : (
        <span className="muted" data-testid="credits-age">
          Credits unknown{planError ? ':' : ''}
        </span>
      )}
      {planError && !loading && <PlanProblem code={planErrorCode} message={planError} />}
      <button type="button" className="icon-button" onClick={() => void refresh()} disabled={loading} aria-label="Refresh credits" title="Refresh credits (costs nothing)">
        ↻
      </button>
    </section>
  );
}

function PlanProblem({ code, message }: { code: string | null; message: string }) {
  const navigate = useScout((s) => s.navigate);
  if (code === 'NO_CREDENTIALS' || code === 'API_INVALID_TOKEN') {
    return (
      <a className="meter-error" href="#/settings" role="status" title={message} onClick={(e) => (e.preventDefault(), navigate('settings'))}>
        {code === 'NO_CREDENTIALS' ? 'Add API credentials in Settings' : 'Credentials rejected: check Settings'}
      </a>
    );
  }
  return (
    <span className="meter-error" role="status" title={message}>
      ⚠ {code === 'OFFLINE' ? 'offline' : 'not current'}
    </span>
  );
}

const modeLabels = { online: 'Online', offline: 'Offline', unreachable: 'API unreachable', unknown: 'Not checked yet' } as const;

function ConnectionIndicator() {
  const connection = useShell((s) => s.connection);
  const setOffline = shell.setOffline;
  if (!connection) return null;
  return (
    <div className="connection" data-mode={connection.mode} data-testid="connection">
      <span className="dot" aria-hidden="true" />
      <span role="status" title={connection.reason ?? undefined}>
        {modeLabels[connection.mode]}
      </span>
      <button type="button" onClick={() => void setOffline(!connection.manualOffline)}>
        {connection.manualOffline ? 'Go online' : 'Work offline'}
      </button>
    </div>
  );
}

/** The team database connection, while the Team workspace is active: a link to Settings when something is to be done. */
function TeamIndicator() {
  const active = useShell((s) => s.workspace?.active);
  const team = useShell((s) => s.team);
  const navigate = useScout((s) => s.navigate);
  if (active !== 'team' || !team) return null;
  const { status } = team;
  const label = teamStatusLabel(status);
  const whole = `${label}${/[.…]$/.test(label) ? '' : '.'} ${status.message}`;
  const mode = status.state === 'connected' ? 'online' : status.state === 'unreachable' ? 'unreachable' : 'offline';
  return (
    <div className="connection team-status" data-mode={mode} data-state={status.state} data-testid="team-status">
      <span className="dot" aria-hidden="true" />
      {/* Cut to its room in a narrow window: the whole of it on hover. */}
      {status.state === 'connected' || status.state === 'connecting' ? (
        <span role="status" title={whole}>
          {label}
        </span>
      ) : (
        <span role="status">
          <a href="#/settings" title={whole} onClick={(e) => (e.preventDefault(), navigate('settings'))}>
            {label}
          </a>
        </span>
      )}
    </div>
  );
}
