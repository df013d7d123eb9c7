// Settings → Team database (the Team workspace): where the team's PostgreSQL is, the
// researcher's own user name and password (the password goes to the system keychain and never
// comes back), an optional CA certificate, and where the connection stands, in words.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { shell, useShell } from '../../data/useShell';
import { teamSettingsSchema, teamPassword, type TeamStatus } from '@shared/team';
import type { RequestOf } from '@shared/contract';
import { fieldErrors, scout } from '../../data/scoutClient';
import { useScoutMutation } from '../../data/useScoutMutation';
import { formatAge } from '@shared/format';
import { FormField } from '../../shared/ui';
import { teamStateLabels } from '@shared/labels';
import { TeamSyncSection } from './TeamSyncSection';

type Field = 'host' | 'port' | 'database' | 'user' | 'password' | 'ca';
type Errors = Partial<Record<Field, string>>;

export function TeamDatabaseSection() {
  const team = useShell((s) => s.team);
  const refreshTeam = shell.refreshTeam;
  const saved = team?.settings ?? null;
  const [form, setForm] = useState({ host: '', port: '5432', database: '', user: '', password: '', ca: '' });
  const [loadedFrom, setLoadedFrom] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const connecting = useScoutMutation((settings: RequestOf<'team:set'>) => scout.invoke('team:set', settings), {
    onSuccess: (view) => {
      // The password leaves the page as soon as the keychain has it.
      setForm((f) => ({ ...f, password: '' }));
      shell.team.push(view);
    },
    onError: (words, error) => {
      const fields = fieldErrors(error) as Errors;
      setErrors(fields);
      if (Object.keys(fields).length === 0) setProblem(words);
    },
  });
  const testing = useScoutMutation(() => scout.invoke('team:test', {}), {
    onSuccess: (view) => shell.team.push(view),
    onError: (words) => setProblem(words),
  });
  const busy = connecting.busy ? 'connect' : testing.busy ? 'test' : null;
  const statusId = useId();

  useEffect(() => {
    void refreshTeam();
  }, [refreshTeam]);

  // The form starts from what is saved (once it is known, and again when it changes), never from a
  // password: adjusted while rendering, as React recommends for state that follows a prop.
  const savedKey = saved ? JSON.stringify(saved) : null;
  if (saved && savedKey !== loadedFrom) {
    setLoadedFrom(savedKey);
    setForm((f) => ({ ...f, host: saved.host, port: String(saved.port), database: saved.database, user: saved.user, ca: saved.ca ?? '' }));
  }

  const set = (field: Field) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const connect = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    // The same rules main applies, said beside each field before anything is sent.
    const port = form.port.trim() === '' ? Number.NaN : Number(form.port);
    const checked = teamSettingsSchema.safeParse({ host: form.host, port, database: form.database, user: form.user, ca: form.ca });
    const found: Errors = {};
    if (!checked.success) for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= issue.message;
    if (form.password === '' && !team?.passwordSaved) found.password = 'Enter your database password.';
    else if (form.password !== '') {
      const pw = teamPassword.safeParse(form.password);
      if (!pw.success) found.password = pw.error.issues[0]?.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !checked.success) return;
    await connecting.run({
      ...checked.data,
      ca: checked.data.ca ?? null,
      ...(form.password !== '' ? { password: form.password } : {}),
    });
  };

  const test = async () => {
    setProblem(null);
    await testing.run();
  };

  const field = (name: Exclude<Field, 'ca'>, label: string, props: { type?: string; inputMode?: 'numeric'; autoComplete?: string; help?: string } = {}) => (
    <FormField label={label} error={errors[name]} help={props.help} testId={`team-field-${name}`}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          value={form[name]}
          onChange={(e) => set(name)(e.target.value)}
          autoComplete={props.autoComplete ?? 'off'}
          spellCheck={false}
        />
      )}
    </FormField>
  );

  return (
    <>
      <p className="muted">
        Your team&apos;s PostgreSQL database, where Scout asks before it buys anything in the Team workspace. Your admin gives you the
        address, the database name and your own user name and password (they run <code>npm run team -- add-researcher</code>).
      </p>
      {team && <TeamStatusLine id={statusId} status={team.status} />}
      {saved && <TeamSyncSection />}
      <form onSubmit={(e) => void connect(e)} noValidate aria-describedby={statusId} data-testid="team-form">
        {field('host', 'Server', { help: 'Host name or address of the database server. Anything but this computer is reached over TLS with its certificate checked.' })}
        {field('port', 'Port', { inputMode: 'numeric' })}
        {field('database', 'Database')}
        {field('user', 'User name')}
        {field('password', 'Password', {
          type: 'password',
          autoComplete: 'new-password',
          help: team?.passwordSaved
            ? 'A password is saved in the system keychain. Leave this empty to keep it.'
            : 'Kept only in the system keychain; Scout never shows it again and never writes it to a file or a log.',
        })}
        <FormField
          label="CA certificate (optional)"
          error={errors.ca}
          help="Only when your team’s server has a certificate from its own authority: paste that authority’s certificate (PEM)."
          testId="team-field-ca"
        >
          {(control) => <textarea {...control} name="ca" rows={3} value={form.ca} onChange={(e) => set('ca')(e.target.value)} spellCheck={false} />}
        </FormField>
        <div className="actions">
          <button type="submit" className="primary" disabled={busy !== null} aria-busy={busy === 'connect'}>
            {busy === 'connect' ? 'Connecting…' : 'Connect'}
          </button>
          <button type="button" onClick={() => void test()} disabled={busy !== null || !saved} aria-busy={busy === 'test'}>
            {busy === 'test' ? 'Checking…' : 'Check again'}
          </button>
        </div>
        {problem && (
          <p className="feedback error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </>
  );
}

function TeamStatusLine({ id, status }: { id: string; status: TeamStatus }) {
  const tone = status.state === 'connected' ? 'ok' : status.state === 'connecting' ? 'info' : 'error';
  return (
    <div id={id} className={`callout ${tone}`} role="status" aria-live="polite" data-testid="team-connection-status" data-state={status.state}>
      <p>
        {status.state === 'connected' ? (
          <strong>{status.message}</strong>
        ) : (
          <>
            <strong>{teamStateLabels[status.state]}.</strong> {status.message}
          </>
        )}
      </p>
      {status.checkedAt !== null && (
        <p className="muted">
          Checked {formatAge(status.checkedAt)}
          {status.state === 'unreachable' && status.retryAt !== null ? '; Scout tries again by itself.' : '.'}
        </p>
      )}
    </div>
  );
}
