import { useId, useState, type FormEvent } from 'react';
import { shell, useShell } from '../../data/useShell';
import type { PlanState } from '@shared/contract';
import { apiAddressProblem, apiOrigin, workspaceIds, workspaceLabels, type ApiWorkspaceId, type WorkspaceId } from '@shared/workspaces';
import { errorMessage, fieldErrors, scout } from '../../data/scoutClient';
import { useScoutMutation } from '../../data/useScoutMutation';
import { ErrorState, formatAge, formatCount, FormField, StatusBadge } from '../../shared/ui';
import { BackupsSection } from './BackupsSection';
import { AgencySection } from './AgencySection';
import { StatusStepsSection } from './StatusStepsSection';
import { TeamDatabaseSection } from './TeamDatabaseSection';
import { TeamSpendingSection } from './TeamSpendingSection';

type Feedback = { kind: 'ok' | 'error'; text: string } | null;

export function SettingsPage() {
  const workspace = useShell((s) => s.workspace);
  // The API settings of the active workspace when it has its own (Team), else Production's.
  const apiWorkspace: ApiWorkspaceId = workspace?.active === 'team' ? 'team' : 'production';
  const apiSummary = workspace?.workspaces.find((w) => w.id === apiWorkspace);

  return (
    <section aria-labelledby="page-title" data-testid="page-settings" className="settings">
      <h1 id="page-title" tabIndex={-1}>
        Settings
      </h1>

      <div className="card">
        <h2>Workspaces</h2>
        <p className="muted">
          Each workspace has its own cache and credentials. <strong>Demo</strong> talks to Scout&apos;s built-in API simulator
          and needs no account; <strong>Production</strong> talks to the real API with your account; <strong>Team</strong> talks to the real
          API with your agency&apos;s account and asks your team&apos;s database before it buys anything, so nobody on the team pays for what a
          teammate already has.
        </p>
        <WorkspaceTable />
      </div>

      <div className="card">
        <h2>Your agency</h2>
        <AgencySection />
      </div>

      <div className="card" id="research-workflow">
        <h2>Research workflow</h2>
        <StatusStepsSection />
      </div>

      <div className="card">
        <h2>Backups</h2>
        <BackupsSection />
      </div>

      {workspace?.active === 'team' && (
        <div className="card" data-testid="team-database">
          <h2>Team database</h2>
          <TeamDatabaseSection />
        </div>
      )}

      <TeamSpendingSection />

      <div className="card">
        <h2>{workspaceLabels[apiWorkspace]} API</h2>
        {apiSummary ? <ApiSettings key={apiWorkspace} workspace={apiWorkspace} baseUrl={apiSummary.baseUrl} /> : <p className="muted">Loading…</p>}
      </div>

      <div className="card">
        <h2>Test connection</h2>
        <ConnectionTest key={workspace?.active ?? 'demo'} active={workspace?.active ?? 'demo'} />
      </div>
    </section>
  );
}

function WorkspaceTable() {
  const workspace = useShell((s) => s.workspace);
  const switchWorkspace = shell.switchWorkspace;
  if (!workspace) return null;
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Workspace</th>
          <th scope="col">API address</th>
          <th scope="col">Credentials</th>
          {/* Named for screen readers (an empty header is no name), hidden on screen like the kit's tables. */}
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {workspace.workspaces.map((w) => (
          <tr key={w.id} aria-current={w.id === workspace.active ? 'true' : undefined}>
            <td>
              {w.label}
              {w.id === workspace.active && (
                <>
                  {' '}
                  <StatusBadge tone="info">active</StatusBadge>
                </>
              )}
              {w.problem && <p className="feedback error">{w.problem}</p>}
            </td>
            <td className="mono">{w.baseUrl}</td>
            <td data-testid={`credential-status-${w.id}`}>
              {w.credentials.problem ? (
                <StatusBadge tone="error" title={w.credentials.problem}>
                  Keychain unavailable
                </StatusBadge>
              ) : w.credentials.hasCredentials ? (
                `Account ${w.credentials.accountIdMasked}`
              ) : w.id === 'demo' ? (
                'None needed'
              ) : (
                'None saved'
              )}
            </td>
            <td>
              {w.id !== workspace.active && (
                <button type="button" onClick={() => void switchWorkspace(w.id)}>
                  Switch to {w.label}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ApiSettings({ workspace: id, baseUrl }: { workspace: ApiWorkspaceId; baseUrl: string }) {
  const workspace = useShell((s) => s.workspace);
  const status = workspace?.workspaces.find((w) => w.id === id)?.credentials;
  const [accountId, setAccountId] = useState('');
  const [apiToken, setApiToken] = useState('');
  const [urlFeedback, setUrlFeedback] = useState<Feedback>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  /** What is wrong with each credentials field, beside the field: from this page's checks or main's. */
  const [credentialErrors, setCredentialErrors] = useState<{ accountId?: string; apiToken?: string }>({});
  /** An address whose change would remove the saved credentials, waiting for the researcher's yes. */
  const [pendingUrl, setPendingUrl] = useState<string | null>(null);
  const ids = { url: useId(), keychain: useId() };
  const keychainMissing = status?.keychainAvailable === false;

  const applyUrl = async (url: string) => {
    setPendingUrl(null);
    try {
      const before = status?.hasCredentials;
      const state = await scout.invoke('workspace:setBaseUrl', { workspace: id, baseUrl: url });
      const after = state.workspaces.find((w) => w.id === id)?.credentials.hasCredentials;
      setUrlFeedback({
        kind: 'ok',
        text: before && !after ? 'API address saved. The old credentials were removed: enter the account id and token for this address below.' : 'API address saved.',
      });
    } catch (error) {
      setUrlFeedback({ kind: 'error', text: fieldErrors(error).baseUrl ?? errorMessage(error) });
    }
  };

  const saveUrl = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = String(new FormData(event.currentTarget).get('baseUrl') ?? '').trim();
    const problem = apiAddressProblem(url);
    if (problem) {
      setUrlFeedback({ kind: 'error', text: problem });
      return;
    }
    // Credentials belong to one origin: moving away from it removes them, so ask first.
    if (status?.hasCredentials && sameOrigin(url, baseUrl) === false) {
      setUrlFeedback(null);
      setPendingUrl(url);
      return;
    }
    await applyUrl(url);
  };

  const saveCredentials = async (event: FormEvent) => {
    event.preventDefault();
    setFeedback(null);
    // Empty fields are said at once, beside each field; main checks the rest the same way.
    const missing = {
      ...(accountId.trim() ? {} : { accountId: 'Enter the account id.' }),
      ...(apiToken.trim() ? {} : { apiToken: 'Enter the API token.' }),
    };
    setCredentialErrors(missing);
    if (Object.keys(missing).length > 0) return;
    await savingCredentials.run({ accountId, apiToken });
  };
  const savingCredentials = useScoutMutation((entered: { accountId: string; apiToken: string }) => scout.invoke('credentials:set', { workspace: id, ...entered }), {
    onSuccess: (saved) => {
      // The token leaves the page as soon as the keychain has it.
      setApiToken('');
      setAccountId('');
      setCredentialErrors({});
      setFeedback({ kind: 'ok', text: `Saved in the system keychain for account ${saved.accountIdMasked}. Use “Test connection” to check it.` });
      // The meter follows the new credentials at once (asking for the plan costs nothing).
      if (shell.activeWorkspace() === id) void shell.refreshPlan();
    },
    onError: (words, error) => {
      const fields = fieldErrors(error);
      const byField = { accountId: fields.accountId, apiToken: fields.apiToken };
      setCredentialErrors(byField);
      // A failure of no one field (the keychain, say) is said under the form.
      if (!byField.accountId && !byField.apiToken) setFeedback({ kind: 'error', text: words });
    },
  });

  const deletingCredentials = useScoutMutation(() => scout.invoke('credentials:delete', { workspace: id }), {
    onSuccess: () => {
      setFeedback({ kind: 'ok', text: 'Credentials deleted from the keychain.' });
      if (shell.activeWorkspace() === id) void shell.refreshPlan();
    },
    onError: (words) => setFeedback({ kind: 'error', text: words }),
  });
  const busy = savingCredentials.busy || deletingCredentials.busy;
  const deleteCredentials = async () => {
    if (!window.confirm(`Delete the ${workspaceLabels[id]} account id and token from the system keychain?`)) return;
    await deletingCredentials.run();
  };

  return (
    <>
      <form onSubmit={(e) => void saveUrl(e)} noValidate data-testid="address-form">
        <FormField
          label="API address"
          error={urlFeedback?.kind === 'error' ? urlFeedback.text : null}
          help="An https:// address (http:// only for a simulator on this computer). The account id and token are sent to this address only: changing it removes them, and you enter them again for the new one."
          after={<button type="submit">Save address</button>}
          testId="field-baseUrl"
        >
          {/* Keyed by the saved address, so the field shows a change made elsewhere. */}
          {(control) => <input key={baseUrl} {...control} name="baseUrl" type="url" defaultValue={baseUrl} required spellCheck={false} />}
        </FormField>
        {urlFeedback?.kind === 'ok' && <FeedbackLine feedback={urlFeedback} />}
      </form>
      {pendingUrl && (
        <div className="callout" role="alertdialog" aria-labelledby={`${ids.url}-confirm`} data-testid="confirm-address-change">
          <p id={`${ids.url}-confirm`}>
            Change the API address to <strong className="mono">{pendingUrl}</strong>? The saved account id and API token (entered for{' '}
            <span className="mono">{status?.origin}</span>) will be removed from the keychain, and you will enter them again for the new address.
          </p>
          <div className="actions">
            <button type="button" className="primary" onClick={() => void applyUrl(pendingUrl)}>
              Change address and remove credentials
            </button>
            <button type="button" onClick={() => setPendingUrl(null)} autoFocus>
              Keep the current address
            </button>
          </div>
        </div>
      )}

      <form
        onSubmit={saveCredentials}
        noValidate
        className="credentials-form"
        aria-describedby={keychainMissing ? `${ids.keychain} credentials-help` : 'credentials-help'}
      >
        {status?.problem && (
          <div id={ids.keychain} data-testid="keychain-problem">
            <FeedbackLine feedback={{ kind: 'error', text: status.problem }} />
          </div>
        )}
        <p id="credentials-help" className="muted">
          Stored only in your system keychain. Scout never shows the token again and never writes it to a file or a log.
          {status?.hasCredentials && (
            <>
              {' '}
              Currently saved: account <strong data-testid="saved-account">{status.accountIdMasked}</strong>
              {status.origin && (
                <>
                  {' '}
                  for <span className="mono">{status.origin}</span>
                </>
              )}
              .
            </>
          )}
        </p>
        <FormField label="Account id" error={credentialErrors.accountId} testId="field-accountId">
          {(control) => (
            <input
              {...control}
              value={accountId}
              onChange={(e) => (setAccountId(e.target.value), setCredentialErrors((c) => ({ ...c, accountId: undefined })))}
              autoComplete="off"
              spellCheck={false}
              required
            />
          )}
        </FormField>
        <FormField label="API token" error={credentialErrors.apiToken} testId="field-apiToken">
          {(control) => (
            <input
              {...control}
              type="password"
              value={apiToken}
              onChange={(e) => (setApiToken(e.target.value), setCredentialErrors((c) => ({ ...c, apiToken: undefined })))}
              autoComplete="off"
              spellCheck={false}
              required
            />
          )}
        </FormField>
        <div className="actions">
          <button type="submit" className="primary" disabled={busy || keychainMissing}>
            Save credentials
          </button>
          <button type="button" onClick={() => void deleteCredentials()} disabled={busy || !status?.hasCredentials}>
            Delete credentials
          </button>
        </div>
        {feedback && <FeedbackLine feedback={feedback} />}
      </form>
    </>
  );
}

function ConnectionTest({ active }: { active: WorkspaceId }) {
  const [target, setTarget] = useState<WorkspaceId>(active);
  const [result, setResult] = useState<{ plan: PlanState } | { error: string } | null>(null);
  const selectId = useId();
  const testing = useScoutMutation((workspace: WorkspaceId) => scout.invoke('credentials:test', { workspace }), {
    onSuccess: (plan) => setResult({ plan }),
    onError: (words) => setResult({ error: words }),
  });
  const busy = testing.busy;
  const run = async () => {
    setResult(null);
    await testing.run(target);
  };

  return (
    <div>
      <p className="muted">Asks the API for your plan. This costs no credits.</p>
      <div className="form-row">
        <label htmlFor={selectId}>Workspace</label>
        <select id={selectId} value={target} onChange={(e) => setTarget(e.target.value as WorkspaceId)}>
          {workspaceIds.map((id) => (
            <option key={id} value={id}>
              {workspaceLabels[id]}
            </option>
          ))}
        </select>
        <button type="button" className="primary" onClick={() => void run()} disabled={busy} aria-busy={busy}>
          {busy ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      <div aria-live="polite" data-testid="connection-test-result">
        {result && 'error' in result && <ErrorState title="The connection test failed.">{result.error}</ErrorState>}
        {result && 'plan' in result && result.plan.plan && (
          <div className="callout ok">
            <p>
              Connected. Plan <strong>{result.plan.plan.reports.plan ?? '—'}</strong>, checked {formatAge(result.plan.fetchedAt)}.
            </p>
            <dl className="plan-table">
              <dt>Report credits</dt>
              <dd>{formatCount(result.plan.plan.reports.credits)}</dd>
              <dt>Mini-report credits</dt>
              <dd>{formatCount(result.plan.plan.reports.reports)}</dd>
              <dt>Advanced-report credits</dt>
              <dd>{formatCount(result.plan.plan.reports.advancedReports)}</dd>
              <dt>Discovery requests ({result.plan.plan.discovery.plan ?? '—'})</dt>
              <dd>{formatCount(result.plan.plan.discovery.requests)}</dd>
            </dl>
          </div>
        )}
      </div>
    </div>
  );
}

/** Whether two addresses share an origin; null when either cannot be read. */
function sameOrigin(a: string, b: string): boolean | null {
  try {
    return apiOrigin(a) === apiOrigin(b);
  } catch {
    return null;
  }
}

function FeedbackLine({ feedback, id }: { feedback: NonNullable<Feedback>; id?: string }) {
  return (
    <p id={id} className={`feedback ${feedback.kind}`} role={feedback.kind === 'error' ? 'alert' : 'status'}>
      {feedback.text}
    </p>
  );
}
