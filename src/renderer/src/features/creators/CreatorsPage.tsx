// Creators: the creator profiles of the API account (auditor.creators: one per unlocked report),
// synced with the API's filters (free; cursor paging in main) into the cache, then read from the
// cache only, so the page works offline. Contacts copy with one press; accounts link out through
// main's allow-list and say when each report was unlocked. The table is the UI kit's VirtualTable
// (rows measured as they render): thousands of creators scroll like ten.
import { countryName } from '@shared/countries';
import { useShell } from '../../data/useShell';
import { accountHandle } from '@shared/labels';
import { useEffect, useState, type FormEvent } from 'react';
import type { CreatorView, CreatorsSyncResult } from '@shared/discoveryData';
import { accountUrl } from '@shared/networkLinks';
import { useScout } from '../../store';
import { errorMessage, fieldErrors, scout } from '../../data/scoutClient';
import { useProgress } from '../../data/useProgress';
import { useScoutQuery } from '../../data/useScoutQuery';
import { Avatar } from '../../shared/Avatar';
import { EmptyState, ErrorState, ExportActions, FormField, StatusBadge, VirtualTable, formatCount, formatDate, formatExact, formatMetric, openOutside, plural, type VirtualColumn } from '../../shared/ui';
import { networkLabels } from '@shared/format';
import { syncBlocker } from '@shared/listsModel';
import { MAX_CREATOR_ACCOUNTS, MAX_CREATOR_IDS, creatorName } from '@shared/creators';
import { readCreatorAccounts, readCreatorIds, readUnlockRange } from './creatorsForm';
import { teamReceived } from '../../data/scoutQuery';

type FieldKey = 'unlockedFrom' | 'unlockedTo' | 'creatorIds' | 'creatorAccounts';

export function CreatorsPage() {
  const blocker = useShell((s) => syncBlocker(s));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [ids, setIds] = useState('');
  const [accounts, setAccounts] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [syncing, setSyncing] = useState<{ synced: number } | null>(null);
  const [result, setResult] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [exported, setExported] = useState<string | null>(null);

  // Typing settles before the cache is asked.
  useEffect(() => {
    const t = setTimeout(() => setSearch(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);

  // The rows with the search they answer, so the count never names a search the rows are not for;
  // the last rows stay while the next search is read, and are read again after a sync.
  const creators = useScoutQuery(async () => ({ search, rows: await scout.invoke('creators:list', search ? { text: search } : {}) }), [search], { keepPrevious: true, refreshOn: [teamReceived('creator')] });
  const listed = creators.data ?? null;
  const listError = creators.error;

  useProgress('creators:changed', (p) => setSyncing((s) => (s ? { synced: p.synced } : s)));

  const clearError = (key: FieldKey) => errors[key] && setErrors((e) => ({ ...e, [key]: undefined }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const range = readUnlockRange(from, to);
    const idRead = readCreatorIds(ids);
    const accountRead = readCreatorAccounts(accounts);
    const found: Partial<Record<FieldKey, string>> = {
      unlockedFrom: range.errors.from,
      unlockedTo: range.errors.to,
      creatorIds: idRead.ok ? undefined : idRead.message,
      creatorAccounts: accountRead.ok ? undefined : accountRead.message,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean) || !idRead.ok || !accountRead.ok) return;
    setResult(null);
    setSyncing({ synced: 0 });
    try {
      const done: CreatorsSyncResult = await scout.invoke('creators:sync', {
        ...(range.from ? { unlockedFrom: range.from } : {}),
        ...(range.to ? { unlockedTo: range.to } : {}),
        ...(idRead.value ? { creatorIds: idRead.value } : {}),
        ...(accountRead.value ? { creatorAccounts: accountRead.value } : {}),
      });
      setResult({
        tone: 'ok',
        text: `${plural(done.synced, 'creator')} synced${done.cancelled ? ' before the sync was stopped' : done.complete ? '' : ' (the API stopped before the end: sync again for the rest)'}. Nothing was spent.`,
      });
    } catch (error) {
      const fields = fieldErrors(error);
      const at: Partial<Record<FieldKey, string>> = {};
      for (const [key, message] of Object.entries(fields)) {
        const field = (['unlockedFrom', 'unlockedTo', 'creatorIds', 'creatorAccounts'] as const).find((k) => key === k || key.startsWith(`${k}.`));
        if (field) at[field] = message;
      }
      if (Object.keys(at).length) setErrors(at);
      else setResult({ tone: 'error', text: `Not synced: ${errorMessage(error)}` });
    } finally {
      setSyncing(null);
      void creators.refresh();
    }
  };

  return (
    <section aria-labelledby="page-title" data-testid="page-creators" className="creators-page">
      <h1 id="page-title" tabIndex={-1}>
        Creators
      </h1>
      <p className="muted page-intro">
        The creators behind the reports your API account has unlocked: contacts, accounts and where you stand with each. Syncing is free; what was synced stays in this workspace and works offline.
      </p>
      <form className="card creators-sync" onSubmit={(e) => void submit(e)} noValidate aria-label="Sync creators">
        <h2>Sync creators</h2>
        <p className="muted">Leave every filter empty to sync all creators of your API account.</p>
        <div className="creators-dates">
          <FormField label="Report unlocked from" error={errors.unlockedFrom} testId="field-unlocked-from">
            {(control) => <input {...control} type="date" value={from} onChange={(e) => (setFrom(e.target.value), clearError('unlockedFrom'))} />}
          </FormField>
          <FormField label="to" error={errors.unlockedTo} testId="field-unlocked-to">
            {(control) => <input {...control} type="date" value={to} onChange={(e) => (setTo(e.target.value), clearError('unlockedTo'))} />}
          </FormField>
        </div>
        <FormField label="Creator ids" error={errors.creatorIds} help={`Separated by commas; at most ${formatCount(MAX_CREATOR_IDS)}.`} testId="field-creator-ids">
          {(control) => <input {...control} inputMode="numeric" autoComplete="off" value={ids} placeholder="e.g. 100012, 100047" onChange={(e) => (setIds(e.target.value), clearError('creatorIds'))} />}
        </FormField>
        <FormField label="Creator accounts" error={errors.creatorAccounts} help={`One per line: a network and an account (“instagram natgeo”), or a profile link; at most ${MAX_CREATOR_ACCOUNTS}.`} testId="field-creator-accounts">
          {(control) => (
            <textarea {...control} rows={3} spellCheck={false} value={accounts} placeholder={'instagram natgeo\nhttps://www.twitch.tv/shroud'} onChange={(e) => (setAccounts(e.target.value), clearError('creatorAccounts'))} />
          )}
        </FormField>
        <div className="actions">
          <button type="submit" className="primary" disabled={syncing !== null || blocker !== null}>
            {syncing ? 'Syncing…' : 'Sync creators'}
          </button>
          {syncing && (
            <span role="status" aria-live="polite" data-testid="creators-sync-progress">
              {plural(syncing.synced, 'creator')} synced so far…
            </span>
          )}
        </div>
        {blocker && (
          <p className="callout warning" role="status" data-testid="sync-blocked">
            {blocker}
          </p>
        )}
        {result && (
          <p role={result.tone === 'error' ? 'alert' : 'status'} className={result.tone === 'error' ? 'feedback error' : 'muted'} data-testid="creators-sync-result">
            {result.text}
          </p>
        )}
      </form>

      <div className="toolbar" role="search">
        <input type="search" aria-label="Search creators by name, contact or account" placeholder="Search names, emails, phones, accounts…" value={text} onChange={(e) => setText(e.target.value)} />
        <span className="muted" role="status" data-testid="creators-count">
          {listed === null ? 'Reading the cache…' : `${plural(listed.rows.length, 'creator')}${listed.search ? ` matching “${listed.search}”` : ' in the cache'}`}
        </span>
        <ExportActions subject={() => (listed ? { kind: 'creators', ...(listed.search ? { text: listed.search } : {}) } : null)} onStatus={setExported} disabled={!listed || listed.rows.length === 0} scope="the creators listed" />
      </div>
      {exported && (
        <p role="status" className="muted" data-testid="creators-export-status">
          {exported}
        </p>
      )}
      {listError ? (
        <ErrorState title="The creators in the cache could not be read.">{listError}</ErrorState>
      ) : listed === null ? null : listed.rows.length === 0 ? (
        <EmptyState title={listed.search ? 'No creator matches this search.' : 'No creators in the cache yet.'} testId="creators-empty">
          {listed.search ? 'Try a shorter search.' : 'Sync creators above (free); they stay here for offline work.'}
        </EmptyState>
      ) : (
        <CreatorTable creators={listed.rows} />
      )}
    </section>
  );
}

const ESTIMATED_ROW = 96;

const creatorKey = (c: CreatorView) => String(c.id);

const creatorColumns: VirtualColumn<CreatorView>[] = [
  { key: 'creator', label: 'Creator', cell: (c) => <CreatorName creator={c} /> },
  { key: 'contacts', label: 'Contacts', cell: (c) => <Contacts creator={c} /> },
  { key: 'accounts', label: 'Accounts', cell: (c) => <Accounts creator={c} /> },
  { key: 'status', label: 'Status', cell: (c) => <Statuses creator={c} /> },
];

function CreatorTable({ creators }: { creators: CreatorView[] }) {
  return (
    <VirtualTable
      label="Creators"
      className="table creators-table"
      scrollClassName="creators-scroll"
      scrollTestId="creators-scroll"
      columns={creatorColumns}
      rows={creators}
      rowKey={creatorKey}
      // Rows are as tall as their contacts and accounts: each is measured as it is drawn.
      rowHeight={ESTIMATED_ROW}
      measure
      reuse="row"
      rowProps={(c) => ({ 'data-testid': 'creator-row', 'data-creator': c ? String(c.id) : undefined })}
    />
  );
}

function CreatorName({ creator: c }: { creator: CreatorView }) {
  const name = creatorName(c);
  return (
    <div className="creator-name">
      <Avatar url={c.avatarUrl} label={name} size={36} />
      <div>
        <strong>{name}</strong>
        {c.favorite && (
          <span className="creator-favorite" title="A favourite in your API account">
            {' '}
            ★<span className="visually-hidden">favourite</span>
          </span>
        )}
        {c.country && <div className="muted">{countryName(c.country)}</div>}
      </div>
    </div>
  );
}

/**
 * Copies a contact. The clipboard API first; where a host refuses it (Electron denies permission
 * requests), the document's own copy command, which a button press may use.
 */
async function copyText(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = value;
    area.setAttribute('readonly', '');
    area.className = 'visually-hidden';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

function CopyButton({ value, kind }: { value: string; kind: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <>
      <button type="button" className="copy-button" aria-label={`Copy ${kind} ${value}`} onClick={() => void copyText(value).then((ok) => setState(ok ? 'copied' : 'failed'))}>
        Copy
      </button>
      <span role="status" className={state === 'failed' ? 'field-error' : 'copied-note'} data-testid={state === 'idle' ? undefined : 'copy-note'}>
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Not copied: select the text and press Ctrl+C' : ''}
      </span>
    </>
  );
}

function Contacts({ creator: c }: { creator: CreatorView }) {
  if (c.emails.length === 0 && c.phones.length === 0) return <span className="muted">No contacts</span>;
  return (
    <ul className="creator-contacts">
      {c.emails.map((e) => (
        <li key={`e:${e}`}>
          <span className="contact-value">{e}</span> <CopyButton value={e} kind="email" />
        </li>
      ))}
      {c.phones.map((p) => (
        <li key={`p:${p}`}>
          <span className="contact-value">{p}</span> <CopyButton value={p} kind="phone" />
        </li>
      ))}
    </ul>
  );
}

function Accounts({ creator: c }: { creator: CreatorView }) {
  const navigate = useScout((s) => s.navigate);
  const [problem, setProblem] = useState<string | null>(null);
  if (c.accounts.length === 0) return <span className="muted">No accounts</span>;
  return (
    <ul className="creator-accounts">
      {c.accounts.map((a, i) => {
        const label = a.network ? networkLabels[a.network] : (a.socialNetwork ?? 'Unknown network');
        const name = a.username ?? a.account;
        const url = a.network && name ? accountUrl(a.network, /^UC[\w-]{22}$/.test(name) ? { channelId: name } : { username: name }) : null;
        return (
          <li key={`${a.socialNetwork}:${name ?? i}`} data-testid="creator-account">
            <span className="creator-network">{label}</span>
            <div>
              {url ? (
                <button type="button" className="link creator-link" title={`Open ${name} on ${label}`} onClick={() => void openOutside(url).catch((e: unknown) => setProblem(errorMessage(e)))}>
                  {a.title && a.title !== name ? `${a.title} (${accountHandle(a.network, name)})` : accountHandle(a.network, name)}
                </button>
              ) : (
                <span>{a.title ?? name ?? '—'}</span>
              )}
              <div className="muted creator-account-facts">
                {a.followers !== null && <span title={formatExact(a.followers)}>{formatMetric(a.followers, 'count')} followers · </span>}
                <span data-testid="account-unlocked">{a.reportUnlockedAt === null ? 'report not unlocked' : `report unlocked ${formatDate(a.reportUnlockedAt)}`}</span>
                {a.network && a.account && (
                  <>
                    {' · '}
                    <button type="button" className="link" onClick={() => navigate('accounts', [a.network!, a.account!])}>
                      Open report
                    </button>
                  </>
                )}
              </div>
            </div>
          </li>
        );
      })}
      {problem && (
        <li role="alert" className="field-error">
          {problem}
        </li>
      )}
    </ul>
  );
}

function Statuses({ creator: c }: { creator: CreatorView }) {
  const rows: [string, string | null][] = [
    ['Network', c.networkStatus],
    ['Contract', c.contractStatus],
    ['Payment', c.paymentStatus],
  ];
  return (
    <dl className="creator-statuses">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ? <StatusBadge tone="neutral">{value}</StatusBadge> : <span className="muted">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
