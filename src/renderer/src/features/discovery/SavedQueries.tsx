// The saved queries of the workspace: each with its network and when it last ran; open one to
// edit or run it (its cached results show at once, offline too), rename, duplicate or delete it
// (delete asks first; the pages it paid for stay cached). The open query's run history says what
// each run fetched, took from the cache and spent.
import { useId, useState } from 'react';
import { deleteDiscoveryQuery, duplicateDiscoveryQuery, renameDiscoveryQuery } from '../../data/runs';
import type { SavedDiscoveryQuery } from '@shared/discoveryData';
import { ChangedMeanwhile, EmptyState, ErrorState, StatusBadge, formatAge, formatCount, formatDateTime, plural, type StatusTone } from '../../shared/ui';
import { useScout } from '../../store';
import { scout } from '../../data/scoutClient';
import { teamReceived } from '../../data/scoutQuery';
import { useScoutQuery } from '../../data/useScoutQuery';
import { savedQueriesName } from './discoverySlice';
import { networkLabels } from '@shared/format';

const outcomeTone: Record<string, StatusTone> = { finished: 'ok', cancelled: 'neutral', failed: 'error' };
const outcomeWord: Record<string, string> = { finished: 'Finished', cancelled: 'Cancelled', failed: 'Failed' };

function QueryItem({ query, open }: { query: SavedDiscoveryQuery; open: boolean }) {
  const openQuery = useScout((s) => s.openDiscoveryQuery);
  const duplicate = duplicateDiscoveryQuery;
  const rename = renameDiscoveryQuery;
  const remove = deleteDiscoveryQuery;
  const [mode, setMode] = useState<'idle' | 'renaming' | 'deleting'>('idle');
  const [name, setName] = useState(query.name);
  // The name and version the rename began from: sent as what it was made on, and compared with
  // the name now to say a teammate renamed it meanwhile.
  const [seen, setSeen] = useState<{ name: string; version: number } | null>(null);
  const startRename = () => {
    setName(query.name);
    setSeen({ name: query.name, version: query.team?.version ?? 0 });
    setMode('renaming');
  };
  const renamedMeanwhile = mode === 'renaming' && seen !== null && query.name !== seen.name;
  const nameId = useId();
  const last = query.runs[0];
  const problem = mode === 'renaming' && !name.trim() ? 'Name the query.' : name.trim().length > 120 ? 'A name has at most 120 characters.' : null;

  return (
    <li aria-current={open ? 'true' : undefined} data-testid="saved-query" data-name={query.name}>
      <button type="button" className="link saved-query-name" onClick={() => openQuery(query)}>
        {query.name}
      </button>
      <span className="muted saved-query-facts">
        {networkLabels[query.network]} · {last ? `last run ${formatAge(last.at)}` : 'never run'}
      </span>
      {open && mode === 'idle' && (
        <span className="saved-query-actions">
          <button type="button" className="link" onClick={startRename}>
            Rename…
          </button>
          <button type="button" className="link" onClick={() => void duplicate(query.id)}>
            Duplicate
          </button>
          <button type="button" className="link" onClick={() => setMode('deleting')}>
            Delete…
          </button>
        </span>
      )}
      {mode === 'renaming' && (
        <form
          className="saved-query-rename"
          onSubmit={(e) => {
            e.preventDefault();
            if (problem) return;
            void rename(query.id, name, seen?.version).then((ok) => ok && setMode('idle'));
          }}
          onKeyDown={(e) => e.key === 'Escape' && setMode('idle')}
        >
          <label htmlFor={nameId}>New name</label>
          <input id={nameId} value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={200} aria-invalid={problem ? true : undefined} />
          <button type="submit" className="primary" disabled={problem !== null}>
            Rename
          </button>
          <button type="button" onClick={() => setMode('idle')}>
            Cancel
          </button>
          {problem && <p className="field-error">{problem}</p>}
          {renamedMeanwhile && (
            <ChangedMeanwhile
              who={query.team?.by.name ?? 'A teammate'}
              what="the name"
              said={`${query.team?.by.name ?? 'A teammate'} renamed it “${query.name}” while you were editing.`}
              saving="Renaming"
              onUseTheirs={() => (setName(query.name), setSeen({ name: query.name, version: query.team?.version ?? 0 }))}
              useTheirsLabel="Use theirs"
              testId="saved-query-renamed-meanwhile"
            />
          )}
        </form>
      )}
      {mode === 'deleting' && (
        <div className="callout warning saved-query-delete" role="alertdialog" aria-label={`Delete ${query.name}`} onKeyDown={(e) => e.key === 'Escape' && setMode('idle')}>
          <p>
            Delete “{query.name}” and its run history? The pages it fetched stay cached in this workspace, so running the same query again spends nothing for them.
          </p>
          <div className="actions">
            <button type="button" className="danger" onClick={() => void remove(query).then(() => setMode('idle'))}>
              Delete query
            </button>
            <button type="button" onClick={() => setMode('idle')} autoFocus>
              Keep it
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

export function RunHistory({ query }: { query: SavedDiscoveryQuery }) {
  if (query.runs.length === 0) return <p className="muted">“{query.name}” has not been run yet.</p>;
  // A list rather than a table: it reads in the narrow side column as well as full width.
  return (
    <ol className="discovery-history" aria-label={`Runs of ${query.name}`} data-testid="run-history">
      {query.runs.map((run) => (
        <li key={run.id} data-testid="run-history-row" data-sandbox={String(run.sandbox)} data-outcome={run.outcome}>
          <span className="run-head">
            <strong>{run.sandbox ? 'Sandbox' : 'Production'}</strong>, {run.fromPage === run.toPage ? `page ${run.fromPage}` : `pages ${run.fromPage}–${run.toPage}`}{' '}
            <StatusBadge tone={outcomeTone[run.outcome] ?? 'neutral'}>{outcomeWord[run.outcome] ?? run.outcome}</StatusBadge>
          </span>
          <span className="muted run-facts">
            {formatDateTime(run.at)} · {formatCount(run.pagesFetched)} fetched, {formatCount(run.pagesFromCache)} from cache, {run.sandbox ? 'free' : `${plural(run.callsSpent, 'call')} spent`}
          </span>
          {run.message && <span className="muted run-message">{run.message}</span>}
        </li>
      ))}
    </ol>
  );
}

export function SavedQueries() {
  // Read on every visit (runs that finished while the researcher was elsewhere show in the
  // history), after a run, and when a teammate's arrive; saves, renames and deletes edit it.
  const list = useScoutQuery(() => scout.invoke('discovery:queries', {}), [], {
    keepAs: savedQueriesName,
    reads: [savedQueriesName],
    refreshOn: [teamReceived('discovery_query')],
  });
  const queries = list.data ?? null;
  const error = list.error;
  const openId = useScout((s) => s.discoveryDraft.queryId);
  const newQuery = useScout((s) => s.newDiscoveryQuery);

  const open = queries?.find((q) => q.id === openId) ?? null;
  return (
    <section className="card discovery-saved" aria-labelledby="saved-queries-title" data-testid="saved-queries">
      <div className="discovery-saved-head">
        <h2 id="saved-queries-title">Saved queries</h2>
        <button type="button" onClick={newQuery} data-testid="new-query">
          New query
        </button>
      </div>
      {error && <ErrorState title="The saved queries could not be read.">{error}</ErrorState>}
      {queries === null && !error && <p className="muted">Reading saved queries…</p>}
      {queries?.length === 0 && (
        <EmptyState title="No saved queries yet.">Build a query, name it and save it: its runs, what they spent and the pages they fetched stay here, offline too.</EmptyState>
      )}
      {queries && queries.length > 0 && (
        <ul className="saved-list discovery-saved-list">
          {queries.map((q) => (
            <QueryItem key={q.id} query={q} open={q.id === openId} />
          ))}
        </ul>
      )}
      {open && (
        <section aria-labelledby="run-history-title" className="discovery-history-section">
          <h3 id="run-history-title">
            Run history <span className="muted">({plural(open.runs.length, 'run')})</span>
          </h3>
          <RunHistory query={open} />
        </section>
      )}
    </section>
  );
}
